import { createHash } from 'node:crypto';
import {
  type Clock,
  conflict,
  type EventMeta,
  forbidden,
  HttpError,
  invalidFields,
  type ServiceRuntime,
  unauthorized,
  unprocessable,
} from '@linksmate/platform';
import {
  EmailRequested,
  LINK_MAIL_COOLDOWN_MS,
  LINK_VALIDITY,
  PASSWORD_MESSAGES,
  passwordError,
  type Role,
  USERNAME,
  UserVerified,
  usernameError,
} from '@linksmate/proto';
import type * as schema from '../../db/schema';
import type { Db, User } from '../../db/types';
import { hashLinkToken, newLinkToken } from '../../lib/link-tokens';
import { hashPassword, verifyAgainstDecoy, verifyPassword } from '../../lib/passwords';
import type { SigningKeys } from '../keys/service';
import type { MembershipSnapshots } from '../memberships/service';
import type { UsersService } from '../users/service';
import { LoginGuard } from './login-guard';
import {
  consumeLinkToken,
  forgetLinkMailRequestsBefore,
  insertLinkToken,
  type LinkPurpose,
  lastLinkCreatedAt,
  retireLinkTokens,
  takeLinkMailTurn,
} from './repository';

export const AUTH_MESSAGES = {
  registered: 'Account created. Please check your email to verify your account.',
  usernameTaken: USERNAME.takenMessage,
  emailTaken: 'An account with this email already exists.',
  invalidEmail: 'Please enter a valid email address.',
  noVerificationToken: 'No verification token provided.',
  invalidVerificationLink: 'This verification link is invalid or has expired.',
  verified: 'Email verified successfully',
  resendAccepted:
    'If an account with that email still needs verifying, a new verification link is on its way.',
  resendTooSoon: (seconds: number) =>
    `Please wait ${seconds} second${seconds === 1 ? '' : 's'} before asking for another verification email.`,
  invalidCredentials: 'Invalid email or password',
  unverified: 'Please verify your email before logging in. Check your inbox for the verification link.',
  suspended: 'Your account has been suspended. Please contact support.',
  forgotAccepted: 'If this email exists, you will receive a password reset link.',
  invalidResetToken: 'Invalid or expired reset token',
  passwordReset: 'Password reset successfully',
} as const;

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The key of an address in the resend cooldown: the same for every spelling's case. */
const addressHash = (email: string) =>
  createHash('sha256').update(email.trim().toLowerCase()).digest('base64url');

/** 429 with the whole seconds left, in the body (`retry_after`) and the standard header. */
export class ResendTooSoon extends HttpError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, AUTH_MESSAGES.resendTooSoon(retryAfterSeconds), 'resend_cooldown', undefined, {
      retry_after: retryAfterSeconds,
    });
  }
}

export interface AuthDeps {
  db: Db;
  runtime: ServiceRuntime<typeof schema>;
  users: UsersService;
  loginGuard: LoginGuard;
  memberships: MembershipSnapshots;
  keys: SigningKeys;
  clock: Clock;
}

/** Accounts: registration, e-mail verification, login and password reset (spec 1 §§2.4–2.9, 5, 8). */
export class AuthService {
  constructor(private readonly deps: AuthDeps) {}

  private get runtime() {
    return this.deps.runtime;
  }

  async register(input: { username: string; email: string; password: string }, meta: EventMeta) {
    const username = input.username.trim();
    const email = input.email.trim();
    const errors: Record<string, string> = {};
    const usernameProblem = usernameError(username);
    if (usernameProblem) errors.username = usernameProblem;
    if (!EMAIL_SHAPE.test(email)) errors.email = AUTH_MESSAGES.invalidEmail;
    const passwordProblem = passwordError(input.password);
    if (passwordProblem) errors.password = passwordProblem;
    if (Object.keys(errors).length) throw invalidFields(errors);

    const taken = await this.deps.users.taken(username, email);
    if (taken.username || taken.email) {
      const fieldErrors: Record<string, string> = {};
      if (taken.username) fieldErrors.username = AUTH_MESSAGES.usernameTaken;
      if (taken.email) fieldErrors.email = AUTH_MESSAGES.emailTaken;
      throw conflict(Object.values(fieldErrors)[0]!, 'account_exists', fieldErrors);
    }

    const passwordHash = await hashPassword(input.password);
    const now = this.deps.clock();
    const user = await this.runtime.db
      .transaction(async (tx) => {
        const created = await this.deps.users.create(
          tx,
          { username, email, passwordHash, role: 'member', createdAt: now, updatedAt: now },
          (user) => ({ ...meta, actor: { user_id: user.id } }),
        );
        // The registration mail starts the address's cooldown, as a resend would.
        await takeLinkMailTurn(tx, addressHash(email), 'verify_email', now, now);
        const token = await this.createLink(tx, created.id, 'verify_email', now);
        await this.runtime.publish(tx, this.linkMail(created, 'verify-email', token, meta));
        return created;
      })
      .catch((err: { code?: string }) => {
        // Two registrations racing for the same name: the unique index decides.
        if (err.code === '23505') throw conflict(AUTH_MESSAGES.emailTaken, 'account_exists');
        throw err;
      });
    return {
      message: AUTH_MESSAGES.registered,
      user: { id: user.id, username: user.username, email: user.email },
    };
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
      const token = await this.createLink(tx, user.id, 'verify_email', now);
      await this.runtime.publish(tx, this.linkMail(user, 'verify-email', token, meta));
    });
    return { message: AUTH_MESSAGES.resendAccepted };
  }

  /** `deviceId` is the random id the browser keeps, when it sends one (see LoginGuard). */
  async login(input: { email: string; password: string }, address: string, deviceId?: string) {
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
      throw unauthorized(AUTH_MESSAGES.invalidCredentials, 'invalid_credentials');
    // Only someone who knows the password learns whether the account is suspended or unverified.
    if (user.bannedAt) throw forbidden(AUTH_MESSAGES.suspended, 'account_suspended');
    if (!user.emailVerifiedAt) throw forbidden(AUTH_MESSAGES.unverified, 'email_not_verified');
    const [token] = await Promise.all([
      this.issueToken(user),
      this.deps.db.transaction((tx) =>
        this.deps.users.change(tx, user.id, { lastLoginAt: now }, { actor: { user_id: user.id } }),
      ),
    ]);
    return { token };
  }

  async forgetOldLoginRecords(): Promise<void> {
    await this.deps.loginGuard.prune();
    await forgetLinkMailRequestsBefore(
      this.deps.db,
      new Date(this.deps.clock().getTime() - LINK_MAIL_COOLDOWN_MS),
    );
  }

  /** A fresh token with the current role and membership, while the given one is still current. */
  async refresh(userId: number, tokenVersion: number) {
    const user = await this.deps.users.byId(userId);
    if (!user || user.tokenVersion !== tokenVersion)
      throw unauthorized('Your session has ended. Please log in again.', 'token_revoked');
    if (user.bannedAt) throw forbidden(AUTH_MESSAGES.suspended, 'account_suspended');
    return { token: await this.issueToken(user) };
  }

  /** Same answer whether or not the e-mail has an account. */
  async forgotPassword(email: string, meta: EventMeta) {
    const user = await this.deps.users.byEmail(email.trim());
    if (user && !user.bannedAt && (await this.mayMailLink(user.id, 'reset_password'))) {
      await this.sendPasswordReset(user, meta);
    }
    return { message: AUTH_MESSAGES.forgotAccepted };
  }

  /** Also used by the admin's "Password Reset" action. */
  async sendPasswordReset(user: User, meta: EventMeta) {
    await this.runtime.db.transaction(async (tx) => {
      const now = this.deps.clock();
      await retireLinkTokens(tx, user.id, 'reset_password', now);
      const token = await this.createLink(tx, user.id, 'reset_password', now);
      await this.runtime.publish(tx, this.linkMail(user, 'reset-password', token, meta));
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
      // Following the link proves the address, so an unverified account becomes verified; it also
      // proves the owner, so strangers' failed logins stop holding the account back.
      await this.deps.users.change(
        tx,
        user.id,
        {
          passwordHash,
          tokenVersion: user.tokenVersion + 1,
          emailVerifiedAt: user.emailVerifiedAt ?? now,
          loginFailuresClearedAt: now,
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

  private async createLink(tx: Db, userId: number, purpose: LinkPurpose, now: Date): Promise<string> {
    const token = newLinkToken();
    const validity =
      purpose === 'verify_email' ? LINK_VALIDITY.verificationMs : LINK_VALIDITY.passwordResetMs;
    await insertLinkToken(tx, {
      userId,
      purpose,
      tokenHash: hashLinkToken(token),
      expiresAt: new Date(now.getTime() + validity),
      createdAt: now,
    });
    return token;
  }

  private linkMail(user: User, template: 'verify-email' | 'reset-password', token: string, meta: EventMeta) {
    return this.runtime.event(
      EmailRequested,
      { to: user.email, template, user_id: user.id, variables: { username: user.username, token } },
      { ...meta, actor: meta.actor ?? { user_id: user.id } },
    );
  }

  /** One link mail per kind and account per cooldown, so nobody can flood an inbox. */
  private async mayMailLink(userId: number, purpose: LinkPurpose): Promise<boolean> {
    const last = await lastLinkCreatedAt(this.deps.db, userId, purpose);
    return !last || this.deps.clock().getTime() - last.getTime() >= LINK_MAIL_COOLDOWN_MS;
  }
}
