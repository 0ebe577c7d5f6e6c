import {
  conflict,
  type HttpApp,
  requestMeta,
  requireServiceToken,
  type ServiceRuntime,
  unprocessable,
} from '@linksmate/platform';
import {
  ApiErrorSchema,
  isRole,
  Nullable,
  passwordError,
  UserRegistered,
  UserVerified,
  usernameError,
} from '@linksmate/proto';
import { gt } from 'drizzle-orm';
import Type from 'typebox';
import type * as schema from '../../db/schema';
import { users } from '../../db/schema';
import { hashPassword } from '../../lib/passwords';
import { type Db, insertUser, takenIdentifiers, toUserSnapshot } from '../users/repository';

const CreateAccountBody = Type.Object({
  email: Type.String({ minLength: 3 }),
  username: Type.String(),
  password: Type.String(),
  role: Type.String({ default: 'member' }),
  first_name: Type.Optional(Nullable(Type.String())),
  last_name: Type.Optional(Nullable(Type.String())),
  skill_level: Type.Optional(Nullable(Type.String())),
  manual_handicap: Type.Optional(Nullable(Type.Number())),
  club_memberships_text: Type.Optional(Nullable(Type.String())),
  /** Accounts made by the platform itself (demo data) start verified; claimed ones do not. */
  verified: Type.Boolean({ default: false }),
});

/** Calls between services only; the gateway never routes `/internal/*`. */
export function registerInternalRoutes(
  app: HttpApp,
  deps: { db: Db; runtime: ServiceRuntime<typeof schema>; serviceToken: string; clock: () => Date },
): void {
  const guard = requireServiceToken(deps.serviceToken);

  // The gateway loads this at start so tokens revoked before it started are refused too.
  app.get('/internal/token-versions', { preHandler: guard, schema: { hide: true } }, async () => {
    const rows = await deps.db
      .select({ user_id: users.id, token_version: users.tokenVersion })
      .from(users)
      .where(gt(users.tokenVersion, 0));
    return { versions: rows };
  });

  app.post(
    '/internal/accounts',
    {
      preHandler: guard,
      schema: {
        hide: true,
        body: CreateAccountBody,
        response: {
          201: Type.Object({
            user: Type.Object({ id: Type.Integer(), username: Type.String(), email: Type.String() }),
          }),
          409: ApiErrorSchema,
          422: ApiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const problems: Record<string, string> = {};
      const usernameProblem = usernameError(body.username);
      if (usernameProblem) problems.username = usernameProblem;
      const passwordProblem = passwordError(body.password);
      if (passwordProblem) problems.password = passwordProblem;
      if (!isRole(body.role)) problems.role = 'Unknown role';
      if (Object.keys(problems).length) throw unprocessable(Object.values(problems)[0]!, problems);
      const taken = await takenIdentifiers(deps.db, body.username, body.email);
      if (taken.email || taken.username)
        throw conflict('An account with this email or username already exists.', 'account_exists');
      const passwordHash = await hashPassword(body.password);
      const now = deps.clock();
      const user = await deps.runtime.db.transaction(async (tx) => {
        const created = await insertUser(tx, {
          email: body.email.trim(),
          username: body.username.trim(),
          passwordHash,
          role: body.role,
          firstName: body.first_name ?? null,
          lastName: body.last_name ?? null,
          skillLevel: body.skill_level ?? null,
          manualHandicap: body.manual_handicap ?? null,
          clubMembershipsText: body.club_memberships_text ?? null,
          emailVerifiedAt: body.verified ? now : null,
          createdAt: now,
          updatedAt: now,
        });
        const meta = requestMeta(request);
        await deps.runtime.publish(tx, [
          deps.runtime.event(UserRegistered, toUserSnapshot(created), meta),
          ...(body.verified ? [deps.runtime.event(UserVerified, toUserSnapshot(created), meta)] : []),
        ]);
        return created;
      });
      return reply.status(201).send({ user: { id: user.id, username: user.username, email: user.email } });
    },
  );
}
