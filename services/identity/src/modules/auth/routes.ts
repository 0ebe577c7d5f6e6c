import { currentUser, type HttpApp, requestMeta } from '@linksmate/platform';
import {
  ApiErrorSchema,
  DEVICE_ID_PATTERN,
  EmailBody,
  LoginBody,
  MessageReply,
  RegisterBody,
  RegisterReply,
  ResetPasswordBody,
  TokenReply,
  VerifyEmailQuery,
} from '@linksmate/proto';
import type { FastifyRequest } from 'fastify';
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

export function registerAuthRoutes(app: HttpApp, auth: AuthService): void {
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

  app.post(
    '/auth/login',
    { schema: { tags, body: LoginBody, response: { 200: TokenReply, ...refusals } } },
    async (request) => auth.login(request.body, request.ip, deviceIdOf(request)),
  );

  app.post(
    '/auth/refresh',
    { config: { access: 'user' }, schema: { tags, response: { 200: TokenReply, ...refusals } } },
    async (request) => {
      const user = currentUser(request);
      return auth.refresh(user.user_id, user.ver);
    },
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
