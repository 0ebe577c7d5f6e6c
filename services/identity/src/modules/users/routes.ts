import { type HttpApp, requestMeta } from '@linksmate/platform';
import { ApiErrorSchema, CreateAccountBody, CreateAccountReply, TokenVersionsReply } from '@linksmate/proto';
import type { UsersService } from './service';

/** Calls between services only (`access: 'service'`); the gateway never routes `/internal/*`. */
export function registerUserRoutes(app: HttpApp, users: UsersService): void {
  // The gateway loads this at start so tokens revoked before it started are refused too.
  app.get(
    '/internal/token-versions',
    { config: { access: 'service' }, schema: { response: { 200: TokenVersionsReply } } },
    async () => ({ versions: await users.revokedTokenVersions() }),
  );

  app.post(
    '/internal/accounts',
    {
      config: { access: 'service' },
      schema: {
        body: CreateAccountBody,
        response: { 201: CreateAccountReply, 409: ApiErrorSchema, 422: ApiErrorSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ user: await users.createAccount(request.body, requestMeta(request)) }),
  );
}
