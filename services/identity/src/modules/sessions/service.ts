import { randomUUID } from 'node:crypto';
import { type Clock, type EventMeta, notFound, unauthorized } from '@linksmate/platform';
import {
  REFRESH_REUSE_GRACE_SECONDS,
  REFRESH_TOKEN_TTL_SECONDS,
  SESSION_MESSAGES,
  type SessionEndReason,
  type SessionsReply,
} from '@linksmate/proto';
import type { Db } from '../../db/types';
import { hashRefreshToken, newRefreshToken } from '../../lib/refresh-cookie';
import { deviceLabel } from '../../lib/user-agents';
import type { UsersService } from '../users/service';
import {
  activeSessions,
  findRefreshTokenForUpdate,
  findTokenOwner,
  forgetSessionsEndedBefore,
  insertSession,
  isUnexchanged,
  revokeSessions,
  rotateRefreshToken,
} from './repository';

/** How long an ended session's row is kept (for support) before it is forgotten. */
const ENDED_SESSION_KEPT_MS = 7 * 24 * 3600 * 1000;
const USER_AGENT_KEPT = 512;

export const sessionEnded = () => unauthorized(SESSION_MESSAGES.ended, 'session_ended');

/** Which of a user's live sessions: one by id, all but one, or (neither given) all. */
export type SessionChoice = { only?: string; except?: string };

/**
 * Sessions (README "Sessions"): one per login, a family of refresh tokens of which only the newest
 * counts. Each refresh exchanges the token for a new one; a token shown again after its exchange was
 * copied, so its whole session ends. Ending a session moves the user's token version on, so every
 * access token they hold dies at once (the other sessions' browsers refresh silently).
 *
 * Locks: the user's row first, then their sessions, in every path, so two of them never wait on
 * each other.
 */
export class SessionsService {
  constructor(private readonly deps: { db: Db; users: UsersService; clock: Clock }) {}

  private expiry(now: Date): Date {
    return new Date(now.getTime() + REFRESH_TOKEN_TTL_SECONDS * 1000);
  }

  /** A new session for a login, in the login's transaction; its first refresh token. */
  async start(tx: Db, userId: number, userAgent: string | undefined, now: Date): Promise<string> {
    const refreshToken = newRefreshToken();
    await insertSession(
      tx,
      {
        id: randomUUID(),
        userId,
        userAgent: userAgent?.slice(0, USER_AGENT_KEPT) ?? null,
        now,
        expiresAt: this.expiry(now),
      },
      hashRefreshToken(refreshToken),
    );
    return refreshToken;
  }

  /** The session a refresh token names (any token of its family), if it is known. */
  async sessionOf(token: string | undefined): Promise<string | undefined> {
    return token ? (await findTokenOwner(this.deps.db, hashRefreshToken(token)))?.sessionId : undefined;
  }

  /**
   * Exchanges a refresh token for its successor. An unknown, expired or revoked one is refused (401);
   * one already exchanged ends its session, then is refused, except once within the grace period
   * (REFRESH_REUSE_GRACE_SECONDS) when it is the one just exchanged and its successor is still
   * unused: then the successor is exchanged in its place.
   */
  async rotate(token: string | undefined, meta: EventMeta) {
    if (!token) throw sessionEnded();
    const tokenHash = hashRefreshToken(token);
    const owner = await findTokenOwner(this.deps.db, tokenHash);
    if (!owner) throw sessionEnded();
    const now = this.deps.clock();
    const outcome = await this.deps.db.transaction(async (tx) => {
      await this.deps.users.byIdForUpdate(tx, owner.userId);
      // Read under the user's lock: a refresh racing this one may have exchanged it meanwhile.
      const found = await findRefreshTokenForUpdate(tx, tokenHash);
      if (!found || found.session.revokedAt || found.session.expiresAt <= now) return null;
      const { session } = found;
      let exchanged = tokenHash;
      if (found.rotatedAt) {
        const successor = found.successorHash;
        const justNow = now.getTime() - found.rotatedAt.getTime() <= REFRESH_REUSE_GRACE_SECONDS * 1000;
        if (!successor || !justNow || !(await isUnexchanged(tx, successor))) {
          await this.end(tx, session.userId, { only: session.id }, 'reused', meta);
          return null;
        }
        exchanged = successor;
      }
      const refreshToken = newRefreshToken();
      await rotateRefreshToken(tx, {
        oldHash: exchanged,
        newHash: hashRefreshToken(refreshToken),
        sessionId: session.id,
        now,
        expiresAt: this.expiry(now),
      });
      return { userId: session.userId, sessionId: session.id, refreshToken };
    });
    if (!outcome) throw sessionEnded();
    return outcome;
  }

  /**
   * Ends the chosen live sessions and moves the user's token version on (also when none was live,
   * with `always`), so their access tokens are refused at once. Returns how many ended.
   */
  async end(
    tx: Db,
    userId: number,
    which: SessionChoice,
    reason: SessionEndReason,
    meta: EventMeta,
    options: { always?: boolean } = {},
  ): Promise<number> {
    const user = await this.deps.users.byIdForUpdate(tx, userId);
    if (!user) return 0;
    const ended = await revokeSessions(tx, userId, which, reason, this.deps.clock());
    if (ended > 0 || options.always)
      await this.deps.users.change(tx, userId, { tokenVersion: user.tokenVersion + 1 }, meta);
    return ended;
  }

  /** Ends sessions inside a change that moves the token version on itself (password change, reset). */
  revokeWithin(tx: Db, userId: number, which: SessionChoice, reason: SessionEndReason): Promise<number> {
    return revokeSessions(tx, userId, which, reason, this.deps.clock());
  }

  /** Logout: the session the cookie's token belongs to ends. */
  async logout(token: string | undefined, meta: EventMeta): Promise<void> {
    if (!token) throw sessionEnded();
    const owner = await findTokenOwner(this.deps.db, hashRefreshToken(token));
    if (!owner) return;
    await this.deps.db.transaction((tx) =>
      this.end(tx, owner.userId, { only: owner.sessionId }, 'logout', meta),
    );
  }

  /** The user's live sessions, newest use first, the asking browser's marked current. */
  async list(userId: number, token: string | undefined): Promise<SessionsReply> {
    const [rows, currentId] = await Promise.all([
      activeSessions(this.deps.db, userId, this.deps.clock()),
      this.sessionOf(token),
    ]);
    return {
      sessions: rows.map((session) => ({
        id: session.id,
        device: deviceLabel(session.userAgent),
        created_at: session.createdAt.toISOString(),
        last_seen_at: session.lastSeenAt.toISOString(),
        current: session.id === currentId,
      })),
    };
  }

  /** Signs one of the user's own sessions out; 404 for any other id (someone else's, or ended). */
  async signOut(userId: number, sessionId: string, meta: EventMeta): Promise<void> {
    const ended = await this.deps.db.transaction((tx) =>
      this.end(tx, userId, { only: sessionId }, 'signed_out', meta),
    );
    if (ended === 0) throw notFound(SESSION_MESSAGES.notFound, 'session_not_found');
  }

  /** Every session of the user ends, this one included, and every access token with them. */
  signOutEverywhere(userId: number, meta: EventMeta): Promise<number> {
    return this.deps.db.transaction((tx) =>
      this.end(tx, userId, {}, 'signed_out_everywhere', meta, { always: true }),
    );
  }

  async forgetEnded(): Promise<void> {
    await forgetSessionsEndedBefore(
      this.deps.db,
      new Date(this.deps.clock().getTime() - ENDED_SESSION_KEPT_MS),
    );
  }
}
