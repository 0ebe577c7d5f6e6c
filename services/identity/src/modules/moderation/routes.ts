import type { EventMeta, HttpApp } from '@linksmate/platform';
import {
  ApiErrorSchema,
  IdParams,
  InternalActorBody,
  InternalBanBody,
  InternalEmailBody,
  InternalRoleBody,
  InternalUserReply,
} from '@linksmate/proto';
import type { FastifyRequest } from 'fastify';
import Type from 'typebox';
import { type ModerationService, toInternalUser } from './service';

const answers = { 200: InternalUserReply, 404: ApiErrorSchema, 409: ApiErrorSchema };

/** The admin asking, as the events of the change name them. */
const actedBy = (request: FastifyRequest<{ Body: { actor_user_id: number } }>): EventMeta => ({
  correlationId: request.id,
  actor: { user_id: request.body.actor_user_id, role: 'admin' },
});

/** The admin service's commands on accounts (`access: 'service'`); the gateway never routes `/internal/*`. */
export function registerModerationRoutes(app: HttpApp, moderation: ModerationService): void {
  const internal = { access: 'service' } as const;

  app.post(
    '/internal/users/:id/ban',
    { config: internal, schema: { params: IdParams, body: InternalBanBody, response: answers } },
    async (request) =>
      toInternalUser(
        await moderation.ban(
          request.params.id,
          request.body.actor_user_id,
          request.body.reason,
          actedBy(request),
        ),
      ),
  );
  app.post(
    '/internal/users/:id/unban',
    { config: internal, schema: { params: IdParams, body: InternalActorBody, response: answers } },
    async (request) => toInternalUser(await moderation.unban(request.params.id, actedBy(request))),
  );
  app.put(
    '/internal/users/:id/role',
    {
      config: internal,
      schema: { params: IdParams, body: InternalRoleBody, response: { ...answers, 403: ApiErrorSchema } },
    },
    async (request) =>
      toInternalUser(
        await moderation.changeRole(
          request.params.id,
          { user_id: request.body.actor_user_id, role: request.body.actor_role },
          request.body.role,
          actedBy(request),
        ),
      ),
  );
  app.post(
    '/internal/users/:id/grant-role',
    { config: internal, schema: { params: IdParams, body: InternalRoleBody, response: answers } },
    async (request) =>
      toInternalUser(await moderation.grantRole(request.params.id, request.body.role, actedBy(request))),
  );
  app.post(
    '/internal/users/:id/delete',
    {
      config: internal,
      schema: {
        params: IdParams,
        body: InternalActorBody,
        response: { 200: Type.Object({ deleted: Type.Boolean() }), 404: ApiErrorSchema, 409: ApiErrorSchema },
      },
    },
    async (request) => {
      await moderation.remove(request.params.id, request.body.actor_user_id, actedBy(request));
      return { deleted: true };
    },
  );
  app.post(
    '/internal/users/:id/password-reset',
    { config: internal, schema: { params: IdParams, body: InternalActorBody, response: answers } },
    async (request) =>
      toInternalUser(await moderation.sendPasswordReset(request.params.id, actedBy(request))),
  );
  app.post(
    '/internal/users/:id/email',
    { config: internal, schema: { params: IdParams, body: InternalEmailBody, response: answers } },
    async (request) =>
      toInternalUser(
        await moderation.sendEmail(
          request.params.id,
          { subject: request.body.subject, message: request.body.message },
          actedBy(request),
        ),
      ),
  );
}
