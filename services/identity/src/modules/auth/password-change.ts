import { type EventMeta, invalidFields, unprocessable } from '@linksmate/platform';
import { PASSWORD_MESSAGES, passwordError, SESSION_MESSAGES } from '@linksmate/proto';
import type { Db, User } from '../../db/types';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { type SessionsService, sessionEnded } from '../sessions/service';
import type { UsersService } from '../users/service';

export interface PasswordChangeInput {
  current_password: string;
  new_password: string;
}

/**
 * Changes the password of the signed-in person, who proves it with the current one. Every other
 * session ends and every earlier access token stops counting (the token version moves on); the
 * session the browser's cookie names goes on with the token returned.
 */
export async function changePassword(
  deps: { db: Db; users: UsersService; sessions: SessionsService; issueToken(user: User): Promise<string> },
  userId: number,
  input: PasswordChangeInput,
  from: { refreshToken: string | undefined; meta: EventMeta },
) {
  const user = await deps.users.byId(userId);
  if (!user) throw sessionEnded();
  if (!(await verifyPassword(user.passwordHash, input.current_password)))
    throw invalidFields({ current_password: SESSION_MESSAGES.wrongPassword }, 'wrong_password');
  const problem = passwordError(input.new_password);
  if (problem)
    throw unprocessable(
      PASSWORD_MESSAGES.doesNotMeetRequirements,
      { new_password: problem },
      'weak_password',
    );
  if (input.new_password === input.current_password)
    throw invalidFields({ new_password: SESSION_MESSAGES.samePassword }, 'same_password');
  const passwordHash = await hashPassword(input.new_password);
  const current = await deps.sessions.sessionOf(from.refreshToken);
  const changed = await deps.db.transaction(async (tx) => {
    const locked = await deps.users.byIdForUpdate(tx, userId);
    if (!locked) throw sessionEnded();
    await deps.sessions.revokeWithin(tx, userId, { except: current }, 'password_changed');
    return deps.users.change(
      tx,
      userId,
      { passwordHash, tokenVersion: locked.tokenVersion + 1 },
      { ...from.meta, actor: { user_id: userId } },
    );
  });
  return { message: SESSION_MESSAGES.passwordChanged, token: await deps.issueToken(changed) };
}
