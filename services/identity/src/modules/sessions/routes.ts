import { currentUser, type HttpApp, requestMeta } from '@linksmate/platform';
import {
  ApiErrorSchema,
  MessageReply,
  SESSION_MESSAGES,
  SessionParams,
  SessionsReply,
  SessionsRevokedReply,
} from '@linksmate/proto';
import { clearRefreshCookie, refreshTokenOf } from '../../lib/refresh-cookie';
import type { SessionsService } from './service';

const refusals = { 400: ApiErrorSchema, 401: ApiErrorSchema, 404: ApiErrorSchema, 429: ApiErrorSchema };
const tags = ['auth'];

/** The signed-in person's own sessions: listed on the profile page, signed out one by one or all. */
export function registerSessionRoutes(app: HttpApp, sessions: SessionsService): void {
  app.get(
    '/auth/sessions',
    { config: { access: 'user' }, schema: { tags, response: { 200: SessionsReply, ...refusals } } },
    async (request) => sessions.list(currentUser(request).user_id, refreshTokenOf(request)),
  );

  app.delete(
    '/auth/sessions/:id',
    {
      config: { access: 'user' },
      schema: { tags, params: SessionParams, response: { 200: MessageReply, ...refusals } },
    },
    async (request, reply) => {
      const userId = currentUser(request).user_id;
      const current = (await sessions.sessionOf(refreshTokenOf(request))) === request.params.id;
      await sessions.signOut(userId, request.params.id, requestMeta(request));
      if (current) clearRefreshCookie(request, reply);
      return { message: SESSION_MESSAGES.signedOut };
    },
  );

  app.post(
    '/auth/sessions/revoke-all',
    { config: { access: 'user' }, schema: { tags, response: { 200: SessionsRevokedReply, ...refusals } } },
    async (request, reply) => {
      const revoked = await sessions.signOutEverywhere(currentUser(request).user_id, requestMeta(request));
      clearRefreshCookie(request, reply);
      return { message: SESSION_MESSAGES.signedOutEverywhere, revoked };
    },
  );
}
