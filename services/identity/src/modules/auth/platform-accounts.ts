import { conflict, type EventMeta, invalidFields, isUniqueViolation } from '@linksmate/platform';
import {
  type AccountSummary,
  type AccountTakenReply,
  type CreateAccountBody,
  isEmailAddress,
  passwordError,
  type Static,
  usernameError,
} from '@linksmate/proto';
import { hashPassword, isAcceptedPasswordHash, verifyPassword } from '../../lib/passwords';
import { toAccountSummary } from '../users/service';
import type { LinkMails } from './link-mails';
import {
  AUTH_MESSAGES,
  emailTaken,
  MADE_UP_USERNAME_ATTEMPTS,
  USERNAME_KEY,
  usernameTaken,
} from './messages';
import type { AuthDeps } from './service';
import type { TakenAddresses } from './taken-addresses';

/**
 * Accounts the platform makes rather than the person (`/internal/accounts`): demo data and claimed
 * coach and venue profiles, and taking back one made for a request that then failed.
 */
export class PlatformAccounts {
  constructor(
    private readonly deps: AuthDeps,
    private readonly linkMails: LinkMails,
    private readonly takenAddresses: TakenAddresses,
  ) {}

  private get runtime() {
    return this.deps.runtime;
  }

  /**
   * An account made by the platform rather than by the person (demo data, claimed profiles): the
   * same rules as registration, any role. Without a username one is made up (UsersService.freeUsername).
   * An account that does not start verified gets its verification mail as a registration does.
   */
  async create(
    input: CreateAccountBody,
    meta: EventMeta,
  ): Promise<Static<typeof AccountSummary> | AccountTakenReply> {
    const email = input.email.trim();
    const given = input.username?.trim();
    const errors: Record<string, string> = {};
    const usernameProblem = input.username === undefined ? null : usernameError(given);
    if (usernameProblem) errors.username = usernameProblem;
    if (!isEmailAddress(email)) errors.email = AUTH_MESSAGES.invalidEmail;
    // A claim's stranger typed the address: a taken one is answered as made (AccountTakenReply).
    const mailOwner = input.when_taken === 'mail_owner';
    Object.assign(errors, accountPasswordErrors(input, mailOwner));
    if (Object.keys(errors).length) throw invalidFields(errors);
    const takenAddress = async (): Promise<AccountTakenReply> => ({
      taken: true,
      placeholder_user_id: await this.takenAddresses.attempted(email, 'claim', meta),
    });
    const taken = await this.deps.users.taken(given, email);
    if (taken.email && !mailOwner)
      throw emailTaken(taken.username ? { username: AUTH_MESSAGES.usernameTaken } : {});
    if (taken.username) throw usernameTaken();

    const passwordHash = input.password_hash ?? (await hashPassword(input.password!));
    if (taken.email) return takenAddress();
    for (let attempt = 1; ; attempt++) {
      const username =
        given ?? (await this.deps.users.freeUsername({ ...input, email }, { anyFree: attempt > 1 }));
      const now = this.deps.clock();
      try {
        const user = await this.runtime.db.transaction(async (tx) => {
          const created = await this.deps.users.create(
            tx,
            {
              email,
              username,
              passwordHash,
              role: input.role,
              firstName: input.first_name ?? null,
              lastName: input.last_name ?? null,
              skillLevel: input.skill_level ?? null,
              manualHandicap: input.manual_handicap ?? null,
              clubMembershipsText: input.club_memberships_text ?? null,
              availabilityStatus: input.availability_status ?? 'Available',
              availabilityStatusMessage: input.availability_status_message ?? null,
              emailVerifiedAt: input.verified ? now : null,
              createdAt: now,
              updatedAt: now,
            },
            meta,
          );
          if (!created.emailVerifiedAt) await this.linkMails.sendFirstVerification(tx, created, now, meta);
          return created;
        });
        return toAccountSummary(user);
      } catch (err) {
        if (isUniqueViolation(err, USERNAME_KEY)) {
          // A made-up name someone took a moment ago: make another.
          if (given === undefined && attempt < MADE_UP_USERNAME_ATTEMPTS) continue;
          throw usernameTaken();
        }
        if (isUniqueViolation(err)) {
          if (mailOwner) return takenAddress();
          throw emailTaken();
        }
        throw err;
      }
    }
  }

  /**
   * Takes back an account made for a request that then failed (see WithdrawAccountBody): only with
   * the password it was made with, and only while nobody has used it.
   */
  async withdraw(input: { email: string; password: string }, meta: EventMeta) {
    return this.runtime.db.transaction(async (tx) => {
      const user = await this.deps.users.byEmail(input.email.trim(), tx, { lock: true });
      if (!user || !(await verifyPassword(user.passwordHash, input.password))) return { withdrawn: false };
      if (user.emailVerifiedAt || user.lastLoginAt)
        throw conflict('This account is already in use.', 'account_in_use');
      await this.deps.users.remove(tx, user, meta);
      return { withdrawn: true };
    });
  }
}

/** `password` or `password_hash`, exactly one (CreateAccountBody); a hash only where no answer's timing matters. */
function accountPasswordErrors(input: CreateAccountBody, mailOwner: boolean): Record<string, string> {
  if (input.password_hash === undefined) {
    const problem = passwordError(input.password);
    return problem ? { password: problem } : {};
  }
  if (input.password !== undefined) return { password_hash: ACCOUNT_HASH_MESSAGES.notBoth };
  if (mailOwner) return { password_hash: ACCOUNT_HASH_MESSAGES.notForClaims };
  return isAcceptedPasswordHash(input.password_hash)
    ? {}
    : { password_hash: ACCOUNT_HASH_MESSAGES.notAccepted };
}

const ACCOUNT_HASH_MESSAGES = {
  notBoth: 'Give a password or a password hash, not both',
  notForClaims: "A password hash is not taken with when_taken 'mail_owner'",
  notAccepted: 'A password hash must be argon2id in PHC form, of at least m=19456, t=2, p=1',
} as const;
