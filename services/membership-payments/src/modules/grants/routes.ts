import { type HttpApp, requestMeta, requireServiceToken, type ServiceRuntime } from '@linksmate/platform';
import { ApiErrorSchema } from '@linksmate/proto';
import Type from 'typebox';
import type * as schema from '../../db/schema';
import { MembershipSnapshotSchema } from '../checkout/schemas';
import type { GrantService } from './service';

const GrantFields = {
  membership_type: Type.String(),
  duration: Type.Optional(Type.String()),
  expiry_date: Type.Optional(Type.String({ format: 'date' })),
};
const Granted = Type.Object({ user_id: Type.Integer(), membership: MembershipSnapshotSchema });

/** Grants for the admin service; the gateway never routes `/internal/*`. */
export function registerGrantRoutes(
  app: HttpApp,
  grants: GrantService,
  runtime: ServiceRuntime<typeof schema>,
  serviceToken: string,
): void {
  const guard = requireServiceToken(serviceToken);
  app.post(
    '/internal/memberships/grant',
    {
      preHandler: guard,
      schema: {
        hide: true,
        body: Type.Object({ user_id: Type.Integer({ minimum: 1 }), ...GrantFields }),
        response: { 200: Granted, 400: ApiErrorSchema, 422: ApiErrorSchema },
      },
    },
    async (request) => runtime.db.transaction((tx) => grants.grant(tx, request.body, requestMeta(request))),
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
        },
      },
    },
    // All or nothing: one bad grant leaves every membership as it was.
    async (request) =>
      runtime.db.transaction(async (tx) => {
        const { user_ids, ...rest } = request.body;
        const granted = [];
        for (const user_id of [...new Set(user_ids)])
          granted.push(await grants.grant(tx, { user_id, ...rest }, requestMeta(request)));
        return { granted };
      }),
  );
}
