import {
  badRequest,
  type Clock,
  conflict,
  type EventMeta,
  HttpError,
  invalidFields,
  isUniqueViolation,
  type Logger,
  notFound,
  type ServiceRuntime,
  serviceUnavailable,
} from '@linksmate/platform';
import {
  CLAIM_ENTITY_TYPES,
  CLAIM_MESSAGES,
  type ClaimProfileBody,
  type ClaimProfileReply,
  isEmailAddress,
  PASSWORD_RULES,
  passwordError,
  unwrap,
} from '@linksmate/proto';
import type * as schema from '../../db/schema';
import type { IdentityClient } from '../../lib/identity-client';
import {
  type ClaimableProfile,
  type ClaimableType,
  findClaimableCoach,
  findClaimableVenue,
  insertClaim,
  ONE_PENDING_CLAIM_KEY,
  type ProfileClaim,
  setClaimUser,
} from './repository';

/** The length rule comes first among identity's password rules. */
const TOO_SHORT = PASSWORD_RULES[0]!.message;

/**
 * identity's password rules, with the claim form's own words for the length rule (docs/product.md#community-errors:
 * 'Password must be at least 8 characters'): the same rule, so identity never refuses what passes.
 */
function claimPasswordError(password: string | undefined): string | null {
  const problem = passwordError(password);
  return problem === TOO_SHORT ? CLAIM_MESSAGES.passwordTooShort : problem;
}

/** A claimant starts as a member: the claim's role (coach, facility_admin) comes with its approval. */
const ROLE_FOR: Record<ClaimableType, 'member'> = { coach: 'member', venue: 'member' };

/** How often, and after what pauses, a failed claim tries to take back the account identity made. */
const WITHDRAW_PAUSES_MS = [0, 250, 1_000];

const isClaimableType = (value: string): value is ClaimableType =>
  (CLAIM_ENTITY_TYPES as readonly string[]).includes(value);

const alreadyPending = () => conflict(CLAIM_MESSAGES.alreadyPending, 'claim_pending');

/**
 * The e-mail already has an account: the claim's transaction is rolled back with this, and the
 * claimant is answered as if it had gone through (see ClaimsService.claim).
 */
class AddressTaken extends Error {
  constructor(readonly answer: ClaimProfileReply) {
    super('claim: the e-mail already has an account');
  }
}

export interface ClaimsDeps {
  runtime: ServiceRuntime<typeof schema>;
  identity: IdentityClient;
  clock: Clock;
  logger: Logger;
}

/**
 * Claiming a coach or venue profile (spec 2 "Claim profile", §§4, 8): an unverified account made
 * by identity and a pending claim, both or neither.
 *
 * One venues transaction holds the pending claim while identity makes the account, so the partial
 * unique index on pending claims makes a second claim on the same profile wait for the first and
 * then fail (or go ahead, if the first rolled back). identity's refusal rolls the claim back. Once
 * identity may have made an account (it answered, or its answer never came), any later failure,
 * the commit's included, takes the account back with the password it was made with, before the
 * person hears the claim failed — so a failed claim leaves neither claim nor account.
 *
 * An e-mail that already has an account is never said to (no account enumeration): identity mails
 * its owner and answers with a placeholder id, the claim is rolled back, and the claimant is
 * answered as a new claim would be. A venue someone already runs (venue_admins) is a 409.
 */
export class ClaimsService {
  constructor(private readonly deps: ClaimsDeps) {}

  async claim(
    body: ClaimProfileBody,
    meta: EventMeta & { correlationId: string },
  ): Promise<ClaimProfileReply> {
    const entityType = body.entityType;
    if (!isClaimableType(entityType)) throw badRequest(CLAIM_MESSAGES.invalidType, 'invalid_profile_type');
    const entityId = unwrap(body.entityId);
    const profile = entityId ? await this.profile(entityType, entityId) : undefined;
    if (!entityId || !profile) throw notFound(CLAIM_MESSAGES.notFound(entityType), 'profile_not_found');
    // Said before the form's fields: no password makes a taken profile claimable.
    if (profile.claimed) throw conflict(CLAIM_MESSAGES.alreadyClaimed, 'profile_claimed');
    if (profile.managed) throw conflict(CLAIM_MESSAGES.venueManaged, 'venue_managed');
    if (profile.pending) throw alreadyPending();

    const email = unwrap(body.email)?.trim() ?? '';
    const password = body.password;
    const errors: Record<string, string> = {};
    if (!email) errors.email = CLAIM_MESSAGES.emailRequired;
    else if (!isEmailAddress(email)) errors.email = CLAIM_MESSAGES.invalidEmail;
    const passwordProblem = claimPasswordError(password);
    if (passwordProblem) errors.password = passwordProblem;
    if (Object.keys(errors).length) throw invalidFields(errors);

    const account = { email, password: password! };
    let identityMayHaveMade = false;
    try {
      const claim = await this.deps.runtime.db.transaction(async (tx) => {
        const now = this.deps.clock();
        const pending = await insertClaim(tx, {
          entityType,
          entityId,
          contactEmail: email,
          status: 'pending',
          createdAt: now,
          updatedAt: now,
        });
        identityMayHaveMade = true;
        const outcome = await this.deps.identity.create(
          {
            ...account,
            role: ROLE_FOR[entityType],
            // No names: the person names themselves on their profile; the profile's names are the
            // coach's or venue's, not theirs (docs/product.md#admin-entities).
            verified: false,
            when_taken: 'mail_owner',
          },
          meta.correlationId,
        );
        if (outcome.kind === 'refused') {
          identityMayHaveMade = false;
          throw this.refusal(outcome.status, outcome.body);
        }
        if (outcome.kind === 'taken') {
          identityMayHaveMade = false;
          // Answered as a new claim would be (its id, an account id that looks new), so nobody learns
          // the address has an account; identity mailed its owner. Nothing is kept.
          throw new AddressTaken({
            message: CLAIM_MESSAGES.succeeded,
            claim: toProfileClaim({ ...pending, userId: outcome.placeholderUserId }),
          });
        }
        if (outcome.kind === 'unknown') {
          this.deps.logger.warn({ reason: outcome.reason }, 'claim: identity gave no answer');
          throw serviceUnavailable(CLAIM_MESSAGES.failed, 'claim_failed');
        }
        const userId = outcome.user.id;
        const claimed = await setClaimUser(tx, pending.id, userId, now);
        return claimed;
      });
      return { message: CLAIM_MESSAGES.succeeded, claim: toProfileClaim(claim) };
    } catch (err) {
      if (err instanceof AddressTaken) return err.answer;
      if (identityMayHaveMade) await this.takeBackAccount(account, meta.correlationId, err);
      // Another claim on the profile got its pending row in first and committed.
      if (isUniqueViolation(err, ONE_PENDING_CLAIM_KEY)) throw alreadyPending();
      if (err instanceof HttpError) throw err;
      this.deps.logger.error({ err }, 'claim: failed');
      throw serviceUnavailable(CLAIM_MESSAGES.failed, 'claim_failed');
    }
  }

  private profile(entityType: ClaimableType, id: number): Promise<ClaimableProfile | undefined> {
    const db = this.deps.runtime.db;
    return entityType === 'coach' ? findClaimableCoach(db, id) : findClaimableVenue(db, id);
  }

  /** identity's "no", in the claim's words where the spec has them. */
  private refusal(status: number, body: { error: string; code?: string; errors?: Record<string, string> }) {
    if (status === 409 && body.code === 'account_exists')
      return conflict(CLAIM_MESSAGES.accountExists, 'account_exists', {
        email: CLAIM_MESSAGES.accountExists,
      });
    if (status === 422 && body.errors) return invalidFields(body.errors);
    this.deps.logger.error({ status, code: body.code }, 'claim: identity refused the account');
    return serviceUnavailable(CLAIM_MESSAGES.failed, 'claim_failed');
  }

  /**
   * Takes back what identity made for a claim that then failed, trying a few times. Should identity
   * stay unreachable, the account stays: unverified, mailed its link, with no claim; the log says so.
   */
  private async takeBackAccount(
    account: { email: string; password: string },
    requestId: string,
    cause: unknown,
  ): Promise<void> {
    let lastError: unknown;
    for (const pause of WITHDRAW_PAUSES_MS) {
      if (pause) await new Promise((resolve) => setTimeout(resolve, pause));
      try {
        const withdrawn = await this.deps.identity.withdraw(account, requestId);
        this.deps.logger.warn(
          { cause: (cause as Error)?.message, withdrawn },
          'claim: failed after identity was asked for an account; the account is taken back',
        );
        return;
      } catch (err) {
        lastError = err;
      }
    }
    this.deps.logger.error(
      { err: lastError, cause: (cause as Error)?.message, requestId },
      'claim: failed, and the account identity made for it could not be taken back',
    );
  }
}

function toProfileClaim(claim: ProfileClaim): ClaimProfileReply['claim'] {
  return {
    id: claim.id,
    user_id: claim.userId,
    entity_type: claim.entityType,
    entity_id: claim.entityId,
    contact_email: claim.contactEmail,
    status: claim.status,
    created_at: claim.createdAt.toISOString(),
  };
}
