import { createHash } from 'node:crypto';
import type { Clock, EventMeta } from '@linksmate/platform';
import { LINK_MAIL_COOLDOWN_MS, LINK_VALIDITY } from '@linksmate/proto';
import type { Db, User } from '../../db/types';
import { hashLinkToken, newLinkToken } from '../../lib/link-tokens';
import type { UsersService } from '../users/service';
import { insertLinkToken, type LinkPurpose, lastLinkCreatedAt, takeLinkMailTurn } from './repository';

/** The key of an address in the resend cooldown: the same for every spelling's case, and only a hash. */
export const addressHash = (email: string) =>
  createHash('sha256').update(email.trim().toLowerCase()).digest('base64url');

const TEMPLATES = { verify_email: 'verify-email', reset_password: 'reset-password' } as const;

/**
 * Single-use links sent by e-mail (verification, password reset): the link is stored as a hash and
 * the mail is requested in the caller's transaction, so neither exists without the other.
 */
export class LinkMails {
  constructor(private readonly deps: { db: Db; users: UsersService; clock: Clock }) {}

  /** Makes a link of this purpose for the user and asks for its mail. */
  async send(tx: Db, user: User, purpose: LinkPurpose, now: Date, meta: EventMeta): Promise<void> {
    const token = newLinkToken();
    const validity =
      purpose === 'verify_email' ? LINK_VALIDITY.verificationMs : LINK_VALIDITY.passwordResetMs;
    await insertLinkToken(tx, {
      userId: user.id,
      purpose,
      tokenHash: hashLinkToken(token),
      expiresAt: new Date(now.getTime() + validity),
      createdAt: now,
    });
    await this.deps.users.notices.mail(
      tx,
      user,
      TEMPLATES[purpose],
      { username: user.username, token },
      { ...meta, actor: meta.actor ?? { user_id: user.id } },
    );
  }

  /** A new account's verification link, mailed; it starts the address's cooldown, as a resend would. */
  async sendFirstVerification(tx: Db, user: User, now: Date, meta: EventMeta): Promise<void> {
    await takeLinkMailTurn(tx, addressHash(user.email), 'verify_email', now, now);
    await this.send(tx, user, 'verify_email', now, meta);
  }

  /** One link mail per kind and account per cooldown, so nobody can flood an inbox. */
  async mayMail(userId: number, purpose: LinkPurpose): Promise<boolean> {
    const last = await lastLinkCreatedAt(this.deps.db, userId, purpose);
    return !last || this.deps.clock().getTime() - last.getTime() >= LINK_MAIL_COOLDOWN_MS;
  }
}
