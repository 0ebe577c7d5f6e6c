import { currentUser, type HttpApp, requestMeta } from '@linksmate/platform';
import {
  ApiErrorSchema,
  ChangePasswordBody,
  ChangePasswordReply,
  DEVICE_ID_PATTERN,
  EmailBody,
  LoginBody,
  MessageReply,
  RegisterBody,
  RegisterReply,
  ResetPasswordBody,
  SESSION_MESSAGES,
  TokenReply,
  VerifyEmailQuery,
} from '@linksmate/proto';
import type { FastifyRequest } from 'fastify';
import { clearRefreshCookie, refreshTokenOf, setRefreshCookie } from '../../lib/refresh-cookie';
import type { SessionsService } from '../sessions/service';
import { type AuthService, ResendTooSoon } from './service';

const refusals = {
  400: ApiErrorSchema,
  401: ApiErrorSchema,
  403: ApiErrorSchema,
  409: ApiErrorSchema,
  422: ApiErrorSchema,
  429: ApiErrorSchema,
};
const tags = ['auth'];
/** The browser's own id (LoginGuard); anything else is ignored, not refused. */
const deviceIdOf = (request: FastifyRequest) => {
  const header = request.headers['x-device-id'];
  return typeof header === 'string' && DEVICE_ID_PATTERN.test(header) ? header : undefined;
};

const userAgentOf = (request: FastifyRequest) => {
  const header = request.headers['user-agent'];
  return typeof header === 'string' ? header : undefined;
};

export function registerAuthRoutes(app: HttpApp, auth: AuthService, sessions: SessionsService): void {
  app.post(
    '/auth/register',
    { schema: { tags, body: RegisterBody, response: { 201: RegisterReply, ...refusals } } },
    async (request, reply) => reply.status(201).send(await auth.register(request.body, requestMeta(request))),
  );

  app.get(
    '/auth/verify-email',
    { schema: { tags, querystring: VerifyEmailQuery, response: { 200: MessageReply, ...refusals } } },
    async (request) => auth.verifyEmail(request.query.token, requestMeta(request)),
  );

  app.post(
    '/auth/resend-verification',
    { schema: { tags, body: EmailBody, response: { 200: MessageReply, ...refusals } } },
    async (request, reply) => {
      try {
        return await auth.resendVerification(request.body.email, requestMeta(request));
      } catch (error) {
        if (error instanceof ResendTooSoon) reply.header('retry-after', error.retryAfterSeconds);
        throw error;
      }
    },
  );

  // The spec's login answer is the access token; the session's refresh token goes in the cookie.
  app.post(
    '/auth/login',
    { schema: { tags, body: LoginBody, response: { 200: TokenReply, ...refusals } } },
    async (request, reply) => {
      const { token, refreshToken } = await auth.login(request.body, {
        address: request.ip,
        deviceId: deviceIdOf(request),
        userAgent: userAgentOf(request),
      });
      setRefreshCookie(request, reply, refreshToken);
      return { token };
    },
  );

  // The cookie is the credential here: the access token may well have expired.
  app.post(
    '/auth/refresh',
    { schema: { tags, response: { 200: TokenReply, ...refusals } } },
    async (request, reply) => {
      try {
        const { token, refreshToken } = await auth.refresh(refreshTokenOf(request), requestMeta(request));
        setRefreshCookie(request, reply, refreshToken);
        return { token };
      } catch (error) {
        clearRefreshCookie(request, reply);
        throw error;
      }
    },
  );

  app.post(
    '/auth/logout',
    { schema: { tags, response: { 200: MessageReply, ...refusals } } },
    async (request, reply) => {
      const token = refreshTokenOf(request);
      clearRefreshCookie(request, reply);
      await sessions.logout(token, requestMeta(request));
      return { message: SESSION_MESSAGES.loggedOut };
    },
  );

  app.post(
    '/auth/change-password',
    {
      config: { access: 'user' },
      schema: { tags, body: ChangePasswordBody, response: { 200: ChangePasswordReply, ...refusals } },
    },
    async (request) =>
      auth.changePassword(
        currentUser(request).user_id,
        request.body,
        refreshTokenOf(request),
        requestMeta(request),
      ),
  );

  app.post(
    '/auth/forgot-password',
    { schema: { tags, body: EmailBody, response: { 200: MessageReply, ...refusals } } },
    async (request) => auth.forgotPassword(request.body.email, requestMeta(request)),
  );

  app.post(
    '/auth/reset-password',
    { schema: { tags, body: ResetPasswordBody, response: { 200: MessageReply, ...refusals } } },
    async (request) => auth.resetPassword(request.body, requestMeta(request)),
  );
}
