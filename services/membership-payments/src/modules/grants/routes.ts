import { type HttpApp, requestMeta, requireServiceToken } from '@linksmate/platform';
import { ApiErrorSchema } from '@linksmate/proto';
import Type from 'typebox';
import { MembershipSnapshotSchema } from '../checkout/schemas';
import type { GrantService } from './service';

const GrantFields = {
  membership_type: Type.String(),
  duration: Type.Optional(Type.String()),
  expiry_date: Type.Optional(Type.String({ format: 'date' })),
};
const Granted = Type.Object({ user_id: Type.Integer(), membership: MembershipSnapshotSchema });

/** Grants for the admin service; the gateway never routes `/internal/*`. */
export function registerGrantRoutes(app: HttpApp, grants: GrantService, serviceToken: string): void {
  const guard = requireServiceToken(serviceToken);
  app.post(
    '/internal/memberships/grant',
    {
      preHandler: guard,
      schema: {
        hide: true,
        body: Type.Object({ user_id: Type.Integer({ minimum: 1 }), ...GrantFields }),
        response: { 200: Granted, 400: ApiErrorSchema, 422: ApiErrorSchema, 502: ApiErrorSchema },
      },
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
      preHandler: guard,
      schema: {
        hide: true,
        body: Type.Object({
          user_ids: Type.Array(Type.Integer({ minimum: 1 }), { minItems: 1, maxItems: 500 }),
          ...GrantFields,
        }),
        response: {
          200: Type.Object({ granted: Type.Array(Granted) }),
          400: ApiErrorSchema,
          422: ApiErrorSchema,
          502: ApiErrorSchema,
        },
      },
    },
    // All or nothing: one bad grant leaves every membership as it was.
    async (request) => {
      const { user_ids, ...grant } = request.body;
      return { granted: await grants.grant(user_ids, grant, requestMeta(request)) };
    },
  );
}
