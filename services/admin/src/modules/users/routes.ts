import { Readable } from 'node:stream';
import { currentUser, type HttpApp, HttpError } from '@linksmate/platform';
import {
  ADMIN_SECTION_ROLES,
  AdminGrantBody,
  AdminUserActionReply,
  AdminUsersExportQuery,
  AdminUsersQuery,
  AdminUsersReply,
  ApiErrorSchema,
  BanUserBody,
  BulkActionReply,
  BulkBanBody,
  BulkGrantBody,
  ChangeRoleBody,
  IdParams,
  SendUserEmailBody,
  userExportFileName,
} from '@linksmate/proto';
import type { FastifyRequest } from 'fastify';
import { exportDay } from './export';
import type { AdminUsersService } from './service';

const access = { roles: ADMIN_SECTION_ROLES.users };
const actionAnswers = {
  200: AdminUserActionReply,
  400: ApiErrorSchema,
  404: ApiErrorSchema,
  409: ApiErrorSchema,
  422: ApiErrorSchema,
  502: ApiErrorSchema,
};
const actorOf = (request: FastifyRequest) => {
  const { user_id, role } = currentUser(request);
  return { user_id, role };
};

/** User Management (docs/product.md#admin-sections, #admin-calls): `/admin/users`, for admin and site_admin. */
export function registerAdminUserRoutes(app: HttpApp, users: AdminUsersService): void {
  app.get(
    '/admin/users',
    { config: { access }, schema: { querystring: AdminUsersQuery, response: { 200: AdminUsersReply } } },
    async (request) => users.list(request.query),
  );

  // Every matching person, streamed a batch at a time (flat memory however many there are).
  app.get(
    '/admin/users/export',
    { config: { access }, schema: { querystring: AdminUsersExportQuery } },
    async (request, reply) => {
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${userExportFileName(exportDay(new Date()))}"`)
        .header('cache-control', 'no-store');
      return reply.send(Readable.from(users.exportCsv(request.query)));
    },
  );

  app.post(
    '/admin/users/bulk-ban',
    { config: { access }, schema: { body: BulkBanBody, response: { 200: BulkActionReply } } },
    async (request) =>
      users.bulkBan(actorOf(request), request.body.user_ids, request.body.reason ?? null, request.id),
  );
  app.post(
    '/admin/users/bulk-grant-membership',
    { config: { access }, schema: { body: BulkGrantBody, response: { 200: BulkActionReply } } },
    async (request) => {
      const { user_ids, ...grant } = request.body;
      return users.bulkGrant(actorOf(request), user_ids, grant, request.id);
    },
  );

  app.post(
    '/admin/users/:id/ban',
    { config: { access }, schema: { params: IdParams, body: BanUserBody, response: actionAnswers } },
    async (request) =>
      users.ban(actorOf(request), request.params.id, request.body?.reason ?? null, request.id),
  );
  app.post(
    '/admin/users/:id/unban',
    { config: { access }, schema: { params: IdParams, response: actionAnswers } },
    async (request) => users.unban(actorOf(request), request.params.id, request.id),
  );
  app.post(
    '/admin/users/:id/grant-membership',
    { config: { access }, schema: { params: IdParams, body: AdminGrantBody, response: actionAnswers } },
    async (request) => users.grant(actorOf(request), request.params.id, request.body, request.id),
  );
  app.post(
    '/admin/users/:id/send-reset-email',
    { config: { access }, schema: { params: IdParams, response: actionAnswers } },
    async (request) => users.sendPasswordReset(actorOf(request), request.params.id, request.id),
  );
  app.post(
    '/admin/users/:id/send-email',
    { config: { access }, schema: { params: IdParams, body: SendUserEmailBody, response: actionAnswers } },
    async (request) => users.sendEmail(actorOf(request), request.params.id, request.body, request.id),
  );
  app.put(
    '/admin/users/:id/role',
    {
      config: { access },
      schema: { params: IdParams, body: ChangeRoleBody, response: { ...actionAnswers, 403: ApiErrorSchema } },
      // A signed-in role without User Management is refused by the access check, before the body is
      // read; the refusal is audited too (the rule's own refusals are audited by the service).
      onError: async (request, _reply, error) => {
        if (
          request.user &&
          error instanceof HttpError &&
          error.statusCode === 403 &&
          error.code === 'forbidden'
        )
          await users.roleChangeDenied(actorOf(request), Number(request.params.id), error, request.id);
      },
    },
    async (request) => users.changeRole(actorOf(request), request.params.id, request.body.role, request.id),
  );
  app.delete(
    '/admin/users/:id',
    { config: { access }, schema: { params: IdParams, response: actionAnswers } },
    async (request) => users.remove(actorOf(request), request.params.id, request.id),
  );
}
