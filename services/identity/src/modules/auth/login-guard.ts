import { createHash } from 'node:crypto';
import { type Clock, HttpError, tooManyRequests } from '@linksmate/platform';
import type { IdentityConfig } from '../../config';
import type { Db, NewUser, User } from '../../db/types';
import {
  forgetSourcesBefore,
  isKnownSource,
  type LoginSource,
  pruneLoginAttempts,
  recentFailures,
  recordLoginAttempt,
  rememberSource,
} from './repository';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Failures on an account before strangers must wait between attempts. */
const FREE_FAILURES = 2;

export type LoginGuardConfig = Pick<
  IdentityConfig,
  | 'LOGIN_MAX_FAILURES_PER_ACCOUNT'
  | 'LOGIN_MAX_FAILURES_PER_ADDRESS'
  | 'LOGIN_FAILURE_WINDOW_SECONDS'
  | 'LOGIN_KNOWN_SOURCE_DAYS'
>;

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/**
 * Keeps password guessing expensive without letting anyone lock the owner out (OWASP ASVS 5.0 V6
 * anti-automation):
 * - an address that fails too often, on any accounts, is refused for the window (stuffing, spraying);
 * - an account that fails makes strangers wait longer and longer between attempts, and after the
 *   limit refuses them for the window;
 * - an address or device the account logged in from lately is the owner's: it skips the account's
 *   wait and lock, so the right password still works there;
 * - a password reset clears the account's failures.
 * Refusals come before the password is checked, and do not count as failures.
 */
export class LoginGuard {
  constructor(private readonly deps: { db: Db; clock: Clock; config: LoginGuardConfig }) {}

  /**
   * The change to the account that makes its failures so far stop counting: what a password reset
   * makes (following the link proves the owner), and an operator's `user unlock`.
   */
  static clearedFailures(now: Date): Pick<NewUser, 'loginFailuresClearedAt'> {
    return { loginFailuresClearedAt: now };
  }

  /** The source of an attempt; the device id is kept only as a hash. */
  static source(address: string, deviceId: string | undefined): LoginSource {
    return {
      address,
      ...(deviceId ? { device: createHash('sha256').update(deviceId).digest('base64url') } : {}),
    };
  }

  /** Refuses the attempt with 429 when a limit says so; `user` is the account, when one matches. */
  async admit(email: string, source: LoginSource, user: User | undefined): Promise<void> {
    const { config } = this.deps;
    const now = this.deps.clock();
    const windowMs = config.LOGIN_FAILURE_WINDOW_SECONDS * 1000;
    const since = new Date(now.getTime() - windowMs);
    const failures = await recentFailures(
      this.deps.db,
      email,
      source.address,
      since,
      user?.loginFailuresClearedAt ?? null,
    );
    const minutesUntil = (oldest: Date | null) =>
      Math.max(1, Math.ceil(((oldest?.getTime() ?? now.getTime()) + windowMs - now.getTime()) / 60_000));
    if (failures.address >= config.LOGIN_MAX_FAILURES_PER_ADDRESS) {
      throw tooManyRequests(
        `Too many failed login attempts from your network. Please try again in ${plural(minutesUntil(failures.addressOldest), 'minute')}.`,
        'login_locked',
      );
    }
    if (failures.account <= FREE_FAILURES) return;
    const knownSince = new Date(now.getTime() - config.LOGIN_KNOWN_SOURCE_DAYS * DAY_MS);
    if (user && (await isKnownSource(this.deps.db, user.id, source, knownSince))) return;
    if (failures.account >= config.LOGIN_MAX_FAILURES_PER_ACCOUNT) {
      throw tooManyRequests(
        `Too many failed login attempts for this account. Please try again in ${plural(minutesUntil(failures.accountOldest), 'minute')} or reset your password.`,
        'login_locked',
      );
    }
    // 1 s after the third failure, then 2 s, 4 s…: nothing a person notices, costly for a script.
    const waitMs = 1000 * 2 ** (failures.account - FREE_FAILURES - 1);
    const waited = now.getTime() - (failures.accountNewest?.getTime() ?? 0);
    if (waited < waitMs) {
      const seconds = Math.ceil((waitMs - waited) / 1000);
      throw new HttpError(
        429,
        `Too many failed login attempts for this account. Please wait ${plural(seconds, 'second')} and try again.`,
        'login_throttled',
        undefined,
        { retry_after_seconds: seconds },
      );
    }
  }

  /** Records an attempt; a success also remembers its source as the owner's. */
  async record(email: string, source: LoginSource, outcome: { succeeded: boolean; userId?: number }) {
    const now = this.deps.clock();
    await recordLoginAttempt(this.deps.db, {
      email,
      address: source.address,
      succeeded: outcome.succeeded,
      attemptedAt: now,
    });
    if (outcome.succeeded && outcome.userId) await rememberSource(this.deps.db, outcome.userId, source, now);
  }

  /** Attempts past every window, and sources not seen for the recognition period, are forgotten. */
  async prune(): Promise<void> {
    const now = this.deps.clock().getTime();
    await pruneLoginAttempts(this.deps.db, new Date(now - DAY_MS));
    await forgetSourcesBefore(
      this.deps.db,
      new Date(now - this.deps.config.LOGIN_KNOWN_SOURCE_DAYS * DAY_MS),
    );
  }
}
