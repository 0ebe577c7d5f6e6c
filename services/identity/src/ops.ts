import { type Clock, createDatabase, outboxWriter, systemClock } from '@linksmate/platform';
import * as schema from './db/schema';
import { LoginGuard } from './modules/auth/login-guard';
import { UsersService } from './modules/users/service';

/**
 * What the operator command (tools/src/ops) does in identity's database, through identity's own
 * code, with no HTTP server or bus: changes are published through the outbox, which the running
 * service's relay sends.
 */

export interface UnlockedAccount {
  userId: number;
  email: string;
}

/**
 * Clears the login guard's failures on the account as a password reset does: strangers' failed
 * attempts so far stop holding it back (the per-address limit is the network's, and stays).
 * Undefined when no account has the address.
 */
export async function unlockAccount(
  databaseUrl: string,
  email: string,
  clock: Clock = systemClock,
): Promise<UnlockedAccount | undefined> {
  const database = createDatabase(databaseUrl, schema, { max: 1, applicationName: 'linksmate-ops' });
  const users = new UsersService({ runtime: outboxWriter('identity', database.db), clock });
  try {
    return await database.db.transaction(async (tx) => {
      const user = await users.byEmail(email, tx, { lock: true });
      if (!user) return undefined;
      await users.change(tx, user.id, LoginGuard.clearedFailures(clock()), { actor: null });
      return { userId: user.id, email: user.email };
    });
  } finally {
    await database.close();
  }
}
