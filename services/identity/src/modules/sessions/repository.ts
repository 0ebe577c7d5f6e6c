import { and, desc, eq, gt, isNotNull, isNull, lt, ne, or } from 'drizzle-orm';
import { refreshTokens, sessions } from '../../db/schema';
import type { Db, Session } from '../../db/types';

export async function insertSession(
  db: Db,
  session: { id: string; userId: number; userAgent: string | null; now: Date; expiresAt: Date },
  tokenHash: string,
): Promise<void> {
  await db.insert(sessions).values({
    id: session.id,
    userId: session.userId,
    userAgent: session.userAgent,
    createdAt: session.now,
    lastSeenAt: session.now,
    expiresAt: session.expiresAt,
  });
  await db.insert(refreshTokens).values({ tokenHash, sessionId: session.id, issuedAt: session.now });
}

/** The refresh token and its session, both held to the end of the caller's transaction. */
export async function findRefreshTokenForUpdate(
  tx: Db,
  tokenHash: string,
): Promise<{ rotatedAt: Date | null; successorHash: string | null; session: Session } | undefined> {
  const [row] = await tx
    .select({
      rotatedAt: refreshTokens.rotatedAt,
      successorHash: refreshTokens.successorHash,
      session: sessions,
    })
    .from(refreshTokens)
    .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
    .where(eq(refreshTokens.tokenHash, tokenHash))
    .for('update');
  return row;
}

/** The session a refresh token belongs to, and whose it is, whatever its state. */
export async function findTokenOwner(
  db: Db,
  tokenHash: string,
): Promise<{ sessionId: string; userId: number } | undefined> {
  const [row] = await db
    .select({ sessionId: sessions.id, userId: sessions.userId })
    .from(refreshTokens)
    .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
    .where(eq(refreshTokens.tokenHash, tokenHash));
  return row;
}

/** Whether the token is still unexchanged (the newest of its session). */
export async function isUnexchanged(tx: Db, tokenHash: string): Promise<boolean> {
  const [row] = await tx
    .select({ tokenHash: refreshTokens.tokenHash })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.tokenHash, tokenHash), isNull(refreshTokens.rotatedAt)));
  return !!row;
}

/** Marks the old token exchanged, adds its successor and moves the session's last use on. */
export async function rotateRefreshToken(
  tx: Db,
  change: { oldHash: string; newHash: string; sessionId: string; now: Date; expiresAt: Date },
): Promise<void> {
  await tx
    .update(refreshTokens)
    .set({ rotatedAt: change.now, successorHash: change.newHash })
    .where(eq(refreshTokens.tokenHash, change.oldHash));
  await tx
    .insert(refreshTokens)
    .values({ tokenHash: change.newHash, sessionId: change.sessionId, issuedAt: change.now });
  await tx
    .update(sessions)
    .set({ lastSeenAt: change.now, expiresAt: change.expiresAt })
    .where(eq(sessions.id, change.sessionId));
}

const live = (now: Date) => and(isNull(sessions.revokedAt), gt(sessions.expiresAt, now));

export async function activeSessions(db: Db, userId: number, now: Date): Promise<Session[]> {
  return db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), live(now)))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt));
}

/**
 * Revokes the user's live sessions that match (one by id, or all but one, or all), returning how
 * many ended.
 */
export async function revokeSessions(
  tx: Db,
  userId: number,
  which: { only?: string; except?: string },
  reason: string,
  now: Date,
): Promise<number> {
  const rows = await tx
    .update(sessions)
    .set({ revokedAt: now, revokedReason: reason })
    .where(
      and(
        eq(sessions.userId, userId),
        live(now),
        which.only === undefined ? undefined : eq(sessions.id, which.only),
        which.except === undefined ? undefined : ne(sessions.id, which.except),
      ),
    )
    .returning({ id: sessions.id });
  return rows.length;
}

/** Forgets sessions that ended before `before`: their tokens are refused as unknown from then on. */
export async function forgetSessionsEndedBefore(db: Db, before: Date): Promise<void> {
  await db
    .delete(sessions)
    .where(
      or(lt(sessions.expiresAt, before), and(isNotNull(sessions.revokedAt), lt(sessions.revokedAt, before))),
    );
}
