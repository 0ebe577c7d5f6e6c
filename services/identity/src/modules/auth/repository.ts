import { and, count, eq, gt, isNull, max, sql } from 'drizzle-orm';
import { linkTokens, loginAttempts } from '../../db/schema';
import type { Db } from '../../db/types';

export type LinkPurpose = 'verify_email' | 'reset_password';

export async function insertLinkToken(
  db: Db,
  values: { userId: number; purpose: LinkPurpose; tokenHash: string; expiresAt: Date; createdAt: Date },
): Promise<void> {
  await db.insert(linkTokens).values({ ...values, createdAt: values.createdAt });
}

/**
 * Claims a link token for use: it must exist for this purpose, be unused and unexpired. The update
 * marks it used in the same statement, so two clicks cannot both succeed.
 */
export async function consumeLinkToken(
  db: Db,
  tokenHash: string,
  purpose: LinkPurpose,
  now: Date,
): Promise<{ userId: number } | undefined> {
  const [row] = await db
    .update(linkTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(linkTokens.tokenHash, tokenHash),
        eq(linkTokens.purpose, purpose),
        isNull(linkTokens.usedAt),
        gt(linkTokens.expiresAt, now),
      ),
    )
    .returning({ userId: linkTokens.userId });
  return row;
}

export async function lastLinkCreatedAt(db: Db, userId: number, purpose: LinkPurpose): Promise<Date | null> {
  const [row] = await db
    .select({ at: max(linkTokens.createdAt) })
    .from(linkTokens)
    .where(and(eq(linkTokens.userId, userId), eq(linkTokens.purpose, purpose)));
  return row?.at ? new Date(row.at) : null;
}

/** Ends every unused link of this purpose, e.g. older verification links when a new one is sent. */
export async function retireLinkTokens(
  db: Db,
  userId: number,
  purpose: LinkPurpose,
  now: Date,
): Promise<void> {
  await db
    .update(linkTokens)
    .set({ usedAt: now })
    .where(and(eq(linkTokens.userId, userId), eq(linkTokens.purpose, purpose), isNull(linkTokens.usedAt)));
}

export async function recordLoginAttempt(
  db: Db,
  values: { email: string; address: string; succeeded: boolean; attemptedAt: Date },
): Promise<void> {
  await db.insert(loginAttempts).values({ ...values, email: values.email.toLowerCase() });
}

/**
 * Failures in the window, for the account (since its last successful login) and for the address,
 * with the time of the oldest counted failure so the answer can say when to try again.
 */
export async function recentFailures(
  db: Db,
  email: string,
  address: string,
  since: Date,
): Promise<{ account: number; accountOldest: Date | null; address: number; addressOldest: Date | null }> {
  const lowered = email.toLowerCase();
  const [lastSuccess] = await db
    .select({ at: max(loginAttempts.attemptedAt) })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.email, lowered), eq(loginAttempts.succeeded, true)));
  const accountSince = lastSuccess?.at && lastSuccess.at > since ? lastSuccess.at : since;
  const [account] = await db
    .select({ n: count(), oldest: sql<Date | null>`min(${loginAttempts.attemptedAt})` })
    .from(loginAttempts)
    .where(
      and(
        eq(loginAttempts.email, lowered),
        eq(loginAttempts.succeeded, false),
        gt(loginAttempts.attemptedAt, accountSince),
      ),
    );
  const [byAddress] = await db
    .select({ n: count(), oldest: sql<Date | null>`min(${loginAttempts.attemptedAt})` })
    .from(loginAttempts)
    .where(
      and(
        eq(loginAttempts.address, address),
        eq(loginAttempts.succeeded, false),
        gt(loginAttempts.attemptedAt, since),
      ),
    );
  const asDate = (value: Date | string | null | undefined) => (value ? new Date(value) : null);
  return {
    account: account?.n ?? 0,
    accountOldest: asDate(account?.oldest),
    address: byAddress?.n ?? 0,
    addressOldest: asDate(byAddress?.oldest),
  };
}

/** Old attempts are of no further use. */
export async function pruneLoginAttempts(db: Db, before: Date): Promise<void> {
  await db.delete(loginAttempts).where(sql`${loginAttempts.attemptedAt} < ${before}`);
}
