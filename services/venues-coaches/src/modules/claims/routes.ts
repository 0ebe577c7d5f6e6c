import { type HttpApp, requestMeta } from '@linksmate/platform';
import { ApiErrorSchema, ClaimProfileBody, ClaimProfileReply } from '@linksmate/proto';
import type { ClaimsService } from './service';

const refusals = {
  400: ApiErrorSchema,
  404: ApiErrorSchema,
  409: ApiErrorSchema,
  422: ApiErrorSchema,
  503: ApiErrorSchema,
};

/** Spec 2 "Claim profile": public, the claimant has no account yet. */
export function registerClaimRoutes(app: HttpApp, claims: ClaimsService): void {
  app.post(
    '/claim-profile',
    {
      schema: { tags: ['claims'], body: ClaimProfileBody, response: { 201: ClaimProfileReply, ...refusals } },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await claims.claim(request.body, { ...requestMeta(request), correlationId: request.id })),
  );
}
