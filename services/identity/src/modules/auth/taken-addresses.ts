import type { Clock, EventMeta, ServiceRuntime } from '@linksmate/platform';
import { ACCOUNT_EXISTS_MAIL_COOLDOWN_MS } from '@linksmate/proto';
import type * as schema from '../../db/schema';
import type { UsersService } from '../users/service';
import { addressHash } from './link-mails';
import { reservePlaceholderUserId, takeLinkMailTurn } from './repository';

/** How the stranger tried the address: registering, or claiming a coach or venue profile. */
export type TakenAddressAttempt = 'registration' | 'claim';

/** The template messaging renders for the owner (services/messaging/src/modules/email/templates.ts). */
export const ACCOUNT_EXISTS_TEMPLATE = 'account-exists';

/**
 * Someone typed an address that already has an account into a form that makes one (registration,
 * a profile claim). Answering "taken" would tell anyone which addresses have accounts, so the form
 * answers as for a new account and nothing is made; instead the address's owner is mailed (at most
 * once per ACCOUNT_EXISTS_MAIL_COOLDOWN_MS) with the way to log in or reset their password.
 */
export class TakenAddresses {
  constructor(
    private readonly deps: {
      runtime: ServiceRuntime<typeof schema>;
      users: UsersService;
      clock: Clock;
    },
  ) {}

  /**
   * Mails the owner and answers with a placeholder id (from the accounts' sequence, never anyone's),
   * what a new account's answer would carry. As a registration does, the address's verification
   * cooldown starts too, so a resend right after is answered as it would be for a new account.
   */
  async attempted(email: string, attempt: TakenAddressAttempt, meta: EventMeta): Promise<number> {
    return this.deps.runtime.db.transaction(async (tx) => {
      const now = this.deps.clock();
      const placeholder = await reservePlaceholderUserId(tx);
      const address = addressHash(email);
      await takeLinkMailTurn(tx, address, 'verify_email', now, now);
      const owner = await this.deps.users.byEmail(email, tx);
      if (!owner || owner.bannedAt) return placeholder;
      const notBefore = new Date(now.getTime() - ACCOUNT_EXISTS_MAIL_COOLDOWN_MS);
      const turn = await takeLinkMailTurn(tx, address, 'account_exists', now, notBefore);
      if (!turn.taken) return placeholder;
      await this.deps.users.notices.mail(
        tx,
        owner,
        ACCOUNT_EXISTS_TEMPLATE,
        { username: owner.username, attempt },
        // The stranger is nobody we know: the mail is about the owner's account.
        { ...meta, actor: meta.actor ?? { user_id: owner.id } },
      );
      return placeholder;
    });
  }
}
