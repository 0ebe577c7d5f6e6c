import { type HttpApp, requestMeta } from '@linksmate/platform';
import {
  AccountNamesBody,
  AccountNamesReply,
  AccountTakenReply,
  ApiErrorSchema,
  CreateAccountBody,
  CreateAccountReply,
  TokenVersionsReply,
  WithdrawAccountBody,
  WithdrawAccountReply,
} from '@linksmate/proto';
import type { AuthService } from '../auth/service';
import type { UsersService } from './service';

/** Calls between services only (`access: 'service'`); the gateway never routes `/internal/*`. */
export function registerUserRoutes(app: HttpApp, users: UsersService, auth: AuthService): void {
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
        response: {
          201: CreateAccountReply,
          202: AccountTakenReply,
          409: ApiErrorSchema,
          422: ApiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const made = await auth.platformAccounts.create(request.body, requestMeta(request));
      return 'taken' in made ? reply.status(202).send(made) : reply.status(201).send({ user: made });
    },
  );

  app.post(
    '/internal/accounts/names',
    {
      config: { access: 'service' },
      schema: { body: AccountNamesBody, response: { 200: AccountNamesReply } },
    },
    async (request) => ({ accounts: await users.names(request.body.user_ids) }),
  );

  app.post(
    '/internal/accounts/withdraw',
    {
      config: { access: 'service' },
      schema: { body: WithdrawAccountBody, response: { 200: WithdrawAccountReply, 409: ApiErrorSchema } },
    },
    async (request) => auth.platformAccounts.withdraw(request.body, requestMeta(request)),
  );
}
