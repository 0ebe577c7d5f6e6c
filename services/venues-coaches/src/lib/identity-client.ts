import { HttpError, InternalClient, type InternalClientOptions } from '@linksmate/platform';
import type {
  AccountName,
  AccountNamesReply,
  AccountSummary,
  AccountTakenReply,
  ApiError,
  CreateAccountBody,
  CreateAccountReply,
  InternalUserReply,
  Static,
  WithdrawAccountBody,
  WithdrawAccountReply,
} from '@linksmate/proto';

/** What became of asking identity for an account. */
export type AccountOutcome =
  | { kind: 'created'; user: Static<typeof AccountSummary> }
  /**
   * The e-mail already had an account (asked with `when_taken: 'mail_owner'`): identity made nothing,
   * mailed the owner, and gave an id that looks like a new account's.
   */
  | { kind: 'taken'; placeholderUserId: number }
  /** identity answered no (a 4xx): it made nothing. */
  | { kind: 'refused'; status: number; body: ApiError }
  /** No usable answer (unreachable, too slow, a 5xx): an account may or may not have been made. */
  | { kind: 'unknown'; reason: string };

/** Why a call had no usable answer, as the log should read it (platform's 502 keeps it as its cause). */
const whyNot = (err: unknown) => {
  const error = err as Error;
  return typeof error.cause === 'string' ? error.cause : error.message;
};

/**
 * identity's internal account calls, typed, on platform's InternalClient (docs/architecture.md#who-owns-what:
 * synchronous only where a person waits for the answer, authenticated with the service token). The
 * caller's request id rides along, so identity's events carry the claim's correlation id.
 */
export class IdentityClient {
  private readonly internal: InternalClient;

  constructor(options: Omit<InternalClientOptions, 'name'>) {
    this.internal = new InternalClient({ ...options, name: 'identity' });
  }

  async create(body: CreateAccountBody, requestId: string): Promise<AccountOutcome> {
    let answer: Partial<Static<typeof CreateAccountReply> & AccountTakenReply>;
    try {
      answer = await this.internal.call('POST', '/internal/accounts', body, requestId);
    } catch (err) {
      // InternalClient answers a refusal (4xx) with identity's own HttpError, anything else with a 502.
      if (err instanceof HttpError && err.statusCode >= 400 && err.statusCode < 500)
        return { kind: 'refused', status: err.statusCode, body: err.toBody() as ApiError };
      return { kind: 'unknown', reason: whyNot(err) };
    }
    if (answer.user) return { kind: 'created', user: answer.user };
    if (answer.taken && typeof answer.placeholder_user_id === 'number')
      return { kind: 'taken', placeholderUserId: answer.placeholder_user_id };
    return { kind: 'unknown', reason: 'identity answered with neither an account nor a placeholder' };
  }

  /** Takes back an unused account made for a request that failed; false when there was none. */
  async withdraw(body: WithdrawAccountBody, requestId: string): Promise<boolean> {
    const answer = await this.internal.call<Partial<Static<typeof WithdrawAccountReply>>>(
      'POST',
      '/internal/accounts/withdraw',
      body,
      requestId,
    );
    if (typeof answer.withdrawn !== 'boolean')
      throw new Error('identity answered the withdrawal without a verdict');
    return answer.withdrawn;
  }

  /**
   * The names people gave their own accounts, by id (docs/product.md#admin-entities: a claim's
   * requester); an id without an account is missing from the map. Throws when identity gives no answer.
   */
  async accountNames(userIds: number[], requestId: string): Promise<Map<number, AccountName>> {
    if (!userIds.length) return new Map();
    const answer = await this.internal.call<AccountNamesReply>(
      'POST',
      '/internal/accounts/names',
      { user_ids: [...new Set(userIds)] },
      requestId,
    );
    return new Map(answer.accounts.map((account) => [account.id, account]));
  }

  /**
   * Gives an approved claimant the claim's role when they are a member (identity keeps any role of
   * their own). Throws a plain Error when identity gives no usable answer, refusals included: the
   * approval then does not happen, and the reviewer is told to try again.
   */
  async grantRole(
    userId: number,
    role: 'coach' | 'facility_admin',
    actorUserId: number,
    requestId: string,
  ): Promise<InternalUserReply> {
    try {
      return await this.internal.call(
        'POST',
        `/internal/users/${userId}/grant-role`,
        { role, actor_user_id: actorUserId },
        requestId,
      );
    } catch (err) {
      throw new Error(`identity did not give the role: ${whyNot(err)}`);
    }
  }
}
