import {
  type Clock,
  type EventMeta,
  forbidden,
  HttpError,
  invalidFields,
  isUniqueViolation,
  type ServiceRuntime,
  unauthorized,
  unprocessable,
} from '@linksmate/platform';
import {
  ACCOUNT_EXISTS_MAIL_COOLDOWN_MS,
  accountEmailError,
  LINK_MAIL_COOLDOWN_MS,
  LOGIN_REFUSAL_CODES,
  PASSWORD_MESSAGES,
  passwordError,
  type Role,
  UserVerified,
  usernameError,
} from '@linksmate/proto';
import type * as schema from '../../db/schema';
import type { Db, User } from '../../db/types';
import { hashLinkToken } from '../../lib/link-tokens';
import { hashPassword, verifyAgainstDecoy, verifyPassword } from '../../lib/passwords';
import type { SigningKeys } from '../keys/service';
import type { MembershipSnapshots } from '../memberships/service';
import { type SessionsService, sessionEnded } from '../sessions/service';
import type { UsersService } from '../users/service';
import { addressHash, LinkMails } from './link-mails';
import { LoginGuard } from './login-guard';
import { AUTH_MESSAGES, ResendTooSoon, USERNAME_KEY, usernameTaken } from './messages';
import { changePassword, type PasswordChangeInput } from './password-change';
import { PlatformAccounts } from './platform-accounts';
import {
  consumeLinkToken,
  forgetLinkMailRequestsBefore,
  retireLinkTokens,
  takeLinkMailTurn,
} from './repository';
import { TakenAddresses } from './taken-addresses';

export { AUTH_MESSAGES, ResendTooSoon };

export interface AuthDeps {
  db: Db;
  runtime: ServiceRuntime<typeof schema>;
  users: UsersService;
  loginGuard: LoginGuard;
  memberships: MembershipSnapshots;
  keys: SigningKeys;
  sessions: SessionsService;
  clock: Clock;
}

/** Accounts: registration, e-mail verification, login and password reset (docs/product.md#account-screens, #account-validation, #account-errors). */
export class AuthService {
  private readonly linkMails: LinkMails;
  private readonly takenAddresses: TakenAddresses;

  /** Accounts the platform makes (demo data, claimed profiles), apart from people's own. */
  readonly platformAccounts: PlatformAccounts;

  constructor(private readonly deps: AuthDeps) {
    this.linkMails = new LinkMails(deps);
    this.takenAddresses = new TakenAddresses(deps);
    this.platformAccounts = new PlatformAccounts(deps, this.linkMails, this.takenAddresses);
  }

  private get runtime() {
    return this.deps.runtime;
  }

  async register(input: { username: string; email: string; password: string }, meta: EventMeta) {
    const username = input.username.trim();
    const email = input.email.trim();
    const errors: Record<string, string> = {};
    const usernameProblem = usernameError(username);
    if (usernameProblem) errors.username = usernameProblem;
    const emailProblem = accountEmailError(email);
    if (emailProblem) errors.email = emailProblem;
    const passwordProblem = passwordError(input.password);
    if (passwordProblem) errors.password = passwordProblem;
    if (Object.keys(errors).length) throw invalidFields(errors);

    // A username is public (profiles show it), so a taken one is said; a taken address is not: its
    // registration is answered as a new one, makes nothing and mails the owner (TakenAddresses).
    const taken = await this.deps.users.taken(username, email);
    if (taken.username) throw usernameTaken();
    // Hashed either way, so a taken address takes as long to answer as a new one.
    const passwordHash = await hashPassword(input.password);
    const answer = (id: number) => ({ message: AUTH_MESSAGES.registered, user: { id, username, email } });
    if (taken.email) return answer(await this.takenAddresses.attempted(email, 'registration', meta));
    const now = this.deps.clock();
    const user = await this.runtime.db
      .transaction(async (tx) => {
        const created = await this.deps.users.create(
          tx,
          { username, email, passwordHash, role: 'member', createdAt: now, updatedAt: now },
          (user) => ({ ...meta, actor: { user_id: user.id } }),
        );
        await this.linkMails.sendFirstVerification(tx, created, now, meta);
        return created;
      })
      .catch((err: unknown) => {
        // Two registrations racing for the same name or address: the unique index decides.
        if (isUniqueViolation(err, USERNAME_KEY)) throw usernameTaken();
        if (isUniqueViolation(err)) return undefined;
        throw err;
      });
    if (!user) return answer(await this.takenAddresses.attempted(email, 'registration', meta));
    return answer(user.id);
  }

  async verifyEmail(token: string | undefined, meta: EventMeta) {
    if (!token) throw new HttpError(400, AUTH_MESSAGES.noVerificationToken, 'token_missing');
    const now = this.deps.clock();
    await this.runtime.db.transaction(async (tx) => {
      const claimed = await consumeLinkToken(tx, hashLinkToken(token), 'verify_email', now);
      if (!claimed) throw new HttpError(400, AUTH_MESSAGES.invalidVerificationLink, 'invalid_token');
      const user = await this.deps.users.byId(claimed.userId, tx);
      if (!user) throw new HttpError(400, AUTH_MESSAGES.invalidVerificationLink, 'invalid_token');
      await retireLinkTokens(tx, user.id, 'verify_email', now);
      if (user.emailVerifiedAt) return;
      await this.deps.users.change(
        tx,
        user.id,
        { emailVerifiedAt: now },
        { ...meta, actor: { user_id: user.id } },
        UserVerified,
      );
    });
    return { message: AUTH_MESSAGES.verified };
  }

  /**
   * Same answer whether or not the address has an account that needs verifying: a new link goes out
   * only to one that does, and any address asked for again within the cooldown gets 429 with the
   * seconds left, so a person learns when to try again and a stranger learns nothing about accounts.
   */
  async resendVerification(email: string, meta: EventMeta) {
    const now = this.deps.clock();
    await this.runtime.db.transaction(async (tx) => {
      const turn = await takeLinkMailTurn(
        tx,
        addressHash(email),
        'verify_email',
        now,
        new Date(now.getTime() - LINK_MAIL_COOLDOWN_MS),
      );
      if (!turn.taken)
        throw new ResendTooSoon(
          Math.max(1, Math.ceil((turn.heldSince.getTime() + LINK_MAIL_COOLDOWN_MS - now.getTime()) / 1000)),
        );
      const user = await this.deps.users.byEmail(email.trim(), tx);
      if (!user || user.emailVerifiedAt || user.bannedAt) return;
      await retireLinkTokens(tx, user.id, 'verify_email', now);
      await this.linkMails.send(tx, user, 'verify_email', now, meta);
    });
    return { message: AUTH_MESSAGES.resendAccepted };
  }

  /**
   * `deviceId` is the random id the browser keeps, when it sends one (see LoginGuard). A login starts
   * a session: the access token, and the session's first refresh token (for the cookie).
   */
  async login(
    input: { email: string; password: string },
    client: { address: string; deviceId?: string; userAgent?: string },
  ) {
    const { address, deviceId } = client;
    const email = input.email.trim();
    const now = this.deps.clock();
    const source = LoginGuard.source(address, deviceId);
    const user = await this.deps.users.byEmail(email);
    await this.deps.loginGuard.admit(email, source, user);
    const passwordMatches = user
      ? await verifyPassword(user.passwordHash, input.password)
      : await verifyAgainstDecoy(input.password);
    await this.deps.loginGuard.record(email, source, { succeeded: passwordMatches, userId: user?.id });
    if (!user || !passwordMatches)
      throw unauthorized(AUTH_MESSAGES.invalidCredentials, LOGIN_REFUSAL_CODES.invalidCredentials);
    // Only someone who knows the password learns whether the account is suspended or unverified.
    if (user.bannedAt) throw forbidden(AUTH_MESSAGES.suspended, LOGIN_REFUSAL_CODES.suspended);
    if (!user.emailVerifiedAt) throw forbidden(AUTH_MESSAGES.unverified, LOGIN_REFUSAL_CODES.unverified);
    const [token, refreshToken] = await Promise.all([
      this.issueToken(user),
      this.deps.db.transaction(async (tx) => {
        await this.deps.users.change(tx, user.id, { lastLoginAt: now }, { actor: { user_id: user.id } });
        return this.deps.sessions.start(tx, user.id, client.userAgent, now);
      }),
    ]);
    return { token, refreshToken };
  }

  async forgetOldLoginRecords(): Promise<void> {
    await this.deps.loginGuard.prune();
    await this.deps.sessions.forgetEnded();
    // Kept as long as the longest cooldown (ACCOUNT_EXISTS_MAIL_COOLDOWN_MS ≥ LINK_MAIL_COOLDOWN_MS).
    await forgetLinkMailRequestsBefore(
      this.deps.db,
      new Date(
        this.deps.clock().getTime() - Math.max(LINK_MAIL_COOLDOWN_MS, ACCOUNT_EXISTS_MAIL_COOLDOWN_MS),
      ),
    );
  }

  /**
   * A fresh access token with the current role and membership, for the session's refresh token,
   * which is exchanged for the next one (SessionsService.rotate).
   */
  async refresh(refreshToken: string | undefined, meta: EventMeta) {
    const rotated = await this.deps.sessions.rotate(refreshToken, meta);
    const user = await this.deps.users.byId(rotated.userId);
    if (!user) throw sessionEnded();
    if (user.bannedAt) {
      await this.deps.db.transaction((tx) =>
        this.deps.sessions.end(tx, user.id, { only: rotated.sessionId }, 'suspended', meta),
      );
      throw forbidden(AUTH_MESSAGES.suspended, LOGIN_REFUSAL_CODES.suspended);
    }
    return { token: await this.issueToken(user), refreshToken: rotated.refreshToken };
  }

  /** Changes the password of the signed-in person (password-change.ts). */
  changePassword(
    userId: number,
    input: PasswordChangeInput,
    refreshToken: string | undefined,
    meta: EventMeta,
  ) {
    return changePassword({ ...this.deps, issueToken: (user) => this.issueToken(user) }, userId, input, {
      refreshToken,
      meta,
    });
  }

  /** Same answer whether or not the e-mail has an account. */
  async forgotPassword(email: string, meta: EventMeta) {
    const user = await this.deps.users.byEmail(email.trim());
    if (user && !user.bannedAt && (await this.linkMails.mayMail(user.id, 'reset_password'))) {
      await this.sendPasswordReset(user, meta);
    }
    return { message: AUTH_MESSAGES.forgotAccepted };
  }

  /** Also used by the admin's "Password Reset" action. */
  async sendPasswordReset(user: User, meta: EventMeta) {
    await this.runtime.db.transaction(async (tx) => {
      const now = this.deps.clock();
      await retireLinkTokens(tx, user.id, 'reset_password', now);
      await this.linkMails.send(tx, user, 'reset_password', now, meta);
    });
  }

  async resetPassword(input: { token: string; new_password: string }, meta: EventMeta) {
    const problem = passwordError(input.new_password);
    if (problem) {
      throw unprocessable(
        PASSWORD_MESSAGES.doesNotMeetRequirements,
        { new_password: problem },
        'weak_password',
      );
    }
    const passwordHash = await hashPassword(input.new_password);
    const now = this.deps.clock();
    await this.runtime.db.transaction(async (tx) => {
      const claimed = await consumeLinkToken(tx, hashLinkToken(input.token), 'reset_password', now);
      const user = claimed && (await this.deps.users.byId(claimed.userId, tx));
      if (!user) throw new HttpError(400, AUTH_MESSAGES.invalidResetToken, 'invalid_token');
      await retireLinkTokens(tx, user.id, 'reset_password', now);
      // Whoever held the old password may hold a session: every one ends.
      await this.deps.sessions.revokeWithin(tx, user.id, {}, 'password_reset');
      // Following the link proves the address, so an unverified account becomes verified; it also
      // proves the owner, so strangers' failed logins stop holding the account back.
      await this.deps.users.change(
        tx,
        user.id,
        {
          passwordHash,
          tokenVersion: user.tokenVersion + 1,
          emailVerifiedAt: user.emailVerifiedAt ?? now,
          ...LoginGuard.clearedFailures(now),
        },
        { ...meta, actor: { user_id: user.id } },
      );
    });
    return { message: AUTH_MESSAGES.passwordReset };
  }

  async issueToken(user: User): Promise<string> {
    return this.deps.keys.signer.sign(
      {
        user_id: user.id,
        role: user.role as Role,
        ver: user.tokenVersion,
        ...(await this.deps.memberships.claimsFor(user.id)),
      },
      { now: this.deps.clock() },
    );
  }
}
