import { and, count, eq, gt, isNull, lt, lte, max, or, sql } from 'drizzle-orm';
import { knownLoginSources, linkMailRequests, linkTokens, loginAttempts } from '../../db/schema';
import type { Db } from '../../db/types';

export type LinkPurpose = 'verify_email' | 'reset_password';
/** What a mail turn may be taken for: the link mails, and telling an owner their address was tried. */
export type MailTurnKind = LinkPurpose | 'account_exists';

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

/**
 * Takes the address's turn for a link mail of this kind, unless its last turn was after `notBefore`;
 * the row stays locked to the end of the transaction, so two requests at once cannot both take it.
 * Not taken, it answers since when the earlier turn holds.
 */
export async function takeLinkMailTurn(
  db: Db,
  addressHash: string,
  purpose: MailTurnKind,
  now: Date,
  notBefore: Date,
): Promise<{ taken: true } | { taken: false; heldSince: Date }> {
  const [taken] = await db
    .insert(linkMailRequests)
    .values({ addressHash, purpose, requestedAt: now })
    .onConflictDoUpdate({
      target: [linkMailRequests.addressHash, linkMailRequests.purpose],
      set: { requestedAt: now },
      setWhere: lte(linkMailRequests.requestedAt, notBefore),
    })
    .returning({ at: linkMailRequests.requestedAt });
  if (taken) return { taken: true };
  const [held] = await db
    .select({ at: linkMailRequests.requestedAt })
    .from(linkMailRequests)
    .where(and(eq(linkMailRequests.addressHash, addressHash), eq(linkMailRequests.purpose, purpose)));
  return { taken: false, heldSince: held ? new Date(held.at) : now };
}

/** Requests older than every cooldown hold nothing back any more. */
export async function forgetLinkMailRequestsBefore(db: Db, before: Date): Promise<void> {
  await db.delete(linkMailRequests).where(lt(linkMailRequests.requestedAt, before));
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

export interface RecentFailures {
  /** The account's failures in the window, since its last successful login and last reset. */
  account: number;
  accountOldest: Date | null;
  accountNewest: Date | null;
  /** The address's failures in the window, on any account. */
  address: number;
  addressOldest: Date | null;
}

/** Failures in the window, for the account and for the address, with when they happened. */
export async function recentFailures(
  db: Db,
  email: string,
  address: string,
  since: Date,
  clearedAt: Date | null,
): Promise<RecentFailures> {
  const lowered = email.toLowerCase();
  const [lastSuccess] = await db
    .select({ at: max(loginAttempts.attemptedAt) })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.email, lowered), eq(loginAttempts.succeeded, true)));
  const accountSince = [since, lastSuccess?.at ?? null, clearedAt].reduce<Date>(
    (latest, at) => (at && at > latest ? at : latest),
    since,
  );
  const [account] = await db
    .select({
      n: count(),
      oldest: sql<Date | null>`min(${loginAttempts.attemptedAt})`,
      newest: sql<Date | null>`max(${loginAttempts.attemptedAt})`,
    })
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
    accountNewest: asDate(account?.newest),
    address: byAddress?.n ?? 0,
    addressOldest: asDate(byAddress?.oldest),
  };
}

export interface LoginSource {
  address: string;
  /** A hash of the browser's device id, when it sent one. */
  device?: string;
}

/** Whether the account logged in successfully from this address or device since `since`. */
export async function isKnownSource(
  db: Db,
  userId: number,
  source: LoginSource,
  since: Date,
): Promise<boolean> {
  const matches = [and(eq(knownLoginSources.kind, 'address'), eq(knownLoginSources.value, source.address))];
  if (source.device)
    matches.push(and(eq(knownLoginSources.kind, 'device'), eq(knownLoginSources.value, source.device)));
  const [row] = await db
    .select({ userId: knownLoginSources.userId })
    .from(knownLoginSources)
    .where(and(eq(knownLoginSources.userId, userId), gt(knownLoginSources.lastSeenAt, since), or(...matches)))
    .limit(1);
  return !!row;
}

/** Remembers a source the account logged in from. */
export async function rememberSource(db: Db, userId: number, source: LoginSource, now: Date): Promise<void> {
  const rows = [
    { userId, kind: 'address' as const, value: source.address, lastSeenAt: now },
    ...(source.device ? [{ userId, kind: 'device' as const, value: source.device, lastSeenAt: now }] : []),
  ];
  await db
    .insert(knownLoginSources)
    .values(rows)
    .onConflictDoUpdate({
      target: [knownLoginSources.userId, knownLoginSources.kind, knownLoginSources.value],
      set: { lastSeenAt: now },
    });
}

/** Sources not seen since `before` are forgotten. */
export async function forgetSourcesBefore(db: Db, before: Date): Promise<void> {
  await db.delete(knownLoginSources).where(lt(knownLoginSources.lastSeenAt, before));
}

/** Old attempts are of no further use. */
export async function pruneLoginAttempts(db: Db, before: Date): Promise<void> {
  await db.delete(loginAttempts).where(sql`${loginAttempts.attemptedAt} < ${before}`);
}

/**
 * An id from the accounts' own sequence that no account will ever have: what a registration of a
 * taken address answers, so its answer looks like a new account's.
 */
export async function reservePlaceholderUserId(db: Db): Promise<number> {
  const { rows } = await db.execute<{ id: number }>(
    sql`select nextval(pg_get_serial_sequence('users', 'id'))::int as id`,
  );
  return rows[0]!.id;
}
