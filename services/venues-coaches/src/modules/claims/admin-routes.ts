import { currentUser, type HttpApp, requestMeta } from '@linksmate/platform';
import {
  ADMIN_SECTION_ROLES,
  AdminClaimReply,
  AdminClaimsQuery,
  AdminClaimsReply,
  ApiErrorSchema,
  DecideClaimBody,
  IdParams,
} from '@linksmate/proto';
import type { ClaimReviewService } from './admin-service';

const tags = ['admin profile claims'];
const access = { access: { roles: ADMIN_SECTION_ROLES['profile-claims'] } };

/** docs/product.md#admin-calls "Profile claims": the review table, one claim, and the decision. */
export function registerClaimReviewRoutes(app: HttpApp, claims: ClaimReviewService): void {
  app.get(
    '/admin/profile-claims',
    { config: access, schema: { tags, querystring: AdminClaimsQuery, response: { 200: AdminClaimsReply } } },
    async (request) => claims.list(request.query, request.id),
  );
  app.get(
    '/admin/profile-claims/:id',
    {
      config: access,
      schema: { tags, params: IdParams, response: { 200: AdminClaimReply, 404: ApiErrorSchema } },
    },
    async (request) => claims.get(request.params.id, request.id),
  );
  app.put(
    '/admin/profile-claims/:id',
    {
      config: access,
      schema: {
        tags,
        params: IdParams,
        body: DecideClaimBody,
        response: {
          200: AdminClaimReply,
          404: ApiErrorSchema,
          409: ApiErrorSchema,
          422: ApiErrorSchema,
          503: ApiErrorSchema,
        },
      },
    },
    async (request) =>
      claims.decide(currentUser(request), request.params.id, request.body, {
        ...requestMeta(request),
        correlationId: request.id,
      }),
  );
}
