import { type HttpApp, requestMeta } from '@linksmate/platform';
import {
  ApiErrorSchema,
  GrantedMembership,
  GrantedMemberships,
  GrantMembershipBody,
  GrantMembershipsBody,
} from '@linksmate/proto';
import type { GrantService } from './service';

const refusals = { 400: ApiErrorSchema, 422: ApiErrorSchema, 502: ApiErrorSchema };

/** Grants for the admin service (`access: 'service'`); the gateway never routes `/internal/*`. */
export function registerGrantRoutes(app: HttpApp, grants: GrantService): void {
  app.post(
    '/internal/memberships/grant',
    {
      config: { access: 'service' },
      schema: { body: GrantMembershipBody, response: { 200: GrantedMembership, ...refusals } },
    },
    async (request) => {
      const { user_id, ...grant } = request.body;
      const [granted] = await grants.grant([user_id], grant, requestMeta(request));
      return granted!;
    },
  );
  app.post(
    '/internal/memberships/grant-bulk',
    {
      config: { access: 'service' },
      schema: { body: GrantMembershipsBody, response: { 200: GrantedMemberships, ...refusals } },
    },
    // All or nothing: one bad grant leaves every membership as it was.
    async (request) => {
      const { user_ids, ...grant } = request.body;
      return { granted: await grants.grant(user_ids, grant, requestMeta(request)) };
    },
  );
}
