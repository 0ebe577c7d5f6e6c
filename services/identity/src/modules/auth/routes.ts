import { currentUser, type HttpApp, requestMeta, requireAuth } from '@linksmate/platform';
import {
  EmailBody,
  ErrorReply,
  LoginBody,
  MessageReply,
  RegisterBody,
  RegisterReply,
  ResetBody,
  TokenReply,
  VerifyQuery,
} from './schemas';
import type { AuthService } from './service';

const errors = {
  400: ErrorReply,
  401: ErrorReply,
  403: ErrorReply,
  409: ErrorReply,
  422: ErrorReply,
  429: ErrorReply,
};

export function registerAuthRoutes(app: HttpApp, auth: AuthService): void {
  app.post(
    '/auth/register',
    { schema: { tags: ['auth'], body: RegisterBody, response: { 201: RegisterReply, ...errors } } },
    async (request, reply) => reply.status(201).send(await auth.register(request.body, requestMeta(request))),
  );

  app.get(
    '/auth/verify-email',
    { schema: { tags: ['auth'], querystring: VerifyQuery, response: { 200: MessageReply, ...errors } } },
    async (request) => auth.verifyEmail(request.query.token, requestMeta(request)),
  );

  app.post(
    '/auth/resend-verification',
    { schema: { tags: ['auth'], body: EmailBody, response: { 200: MessageReply, ...errors } } },
    async (request) => auth.resendVerification(request.body.email, requestMeta(request)),
  );

  app.post(
    '/auth/login',
    { schema: { tags: ['auth'], body: LoginBody, response: { 200: TokenReply, ...errors } } },
    async (request) => auth.login(request.body, request.ip),
  );

  app.post(
    '/auth/refresh',
    {
      preHandler: requireAuth,
      schema: { tags: ['auth'], security: [{ bearerAuth: [] }], response: { 200: TokenReply, ...errors } },
    },
    async (request) => {
      const user = currentUser(request);
      return auth.refresh(user.user_id, user.ver);
    },
  );

  app.post(
    '/auth/forgot-password',
    { schema: { tags: ['auth'], body: EmailBody, response: { 200: MessageReply, ...errors } } },
    async (request) => auth.forgotPassword(request.body.email, requestMeta(request)),
  );

  app.post(
    '/auth/reset-password',
    { schema: { tags: ['auth'], body: ResetBody, response: { 200: MessageReply, ...errors } } },
    async (request) => auth.resetPassword(request.body, requestMeta(request)),
  );
}
