import { REQUEST_ID_HEADER, SERVICE_TOKEN_HEADER } from '@linksmate/platform';
import type {
  AccountSummary,
  AccountTakenReply,
  ApiError,
  CreateAccountBody,
  CreateAccountReply,
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

export interface IdentityAccountsOptions {
  url: string;
  serviceToken: string;
  timeoutMs: number;
}

/**
 * identity's internal account calls (docs/architecture.md#who-owns-what: synchronous only where a person waits for
 * the answer, authenticated with the service token). The caller's request id rides along, so
 * identity's events carry the claim's correlation id.
 */
export class IdentityAccounts {
  constructor(private readonly options: IdentityAccountsOptions) {}

  async create(body: CreateAccountBody, requestId: string): Promise<AccountOutcome> {
    let response: Response;
    try {
      response = await this.post('/internal/accounts', body, requestId);
    } catch (err) {
      return { kind: 'unknown', reason: (err as Error).message };
    }
    const answer = (await response.json().catch(() => undefined)) as
      | Partial<Static<typeof CreateAccountReply> & AccountTakenReply & ApiError>
      | undefined;
    if (response.status === 201 && answer?.user) return { kind: 'created', user: answer.user };
    if (response.status === 202 && answer?.taken && typeof answer.placeholder_user_id === 'number')
      return { kind: 'taken', placeholderUserId: answer.placeholder_user_id };
    if (response.status >= 400 && response.status < 500 && typeof answer?.error === 'string')
      return { kind: 'refused', status: response.status, body: answer as ApiError };
    return { kind: 'unknown', reason: `identity answered ${response.status}` };
  }

  /** Takes back an unused account made for a request that failed; false when there was none. */
  async withdraw(body: WithdrawAccountBody, requestId: string): Promise<boolean> {
    const response = await this.post('/internal/accounts/withdraw', body, requestId);
    const answer = (await response.json().catch(() => undefined)) as
      | Static<typeof WithdrawAccountReply>
      | undefined;
    if (response.status !== 200 || typeof answer?.withdrawn !== 'boolean')
      throw new Error(`identity refused to withdraw the account: ${response.status}`);
    return answer.withdrawn;
  }

  /**
   * Gives an approved claimant the claim's role when they are a member (identity keeps any role of
   * their own). Throws when identity gives no usable answer: the approval then does not happen.
   */
  async grantRole(userId: number, role: 'coach' | 'facility_admin', actorUserId: number, requestId: string) {
    const response = await this.post(
      `/internal/users/${userId}/grant-role`,
      { role, actor_user_id: actorUserId },
      requestId,
    );
    if (response.status !== 200) throw new Error(`identity refused the role: ${response.status}`);
    return (await response.json()) as { role: string };
  }

  private post(path: string, body: unknown, requestId: string): Promise<Response> {
    return fetch(`${this.options.url}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [SERVICE_TOKEN_HEADER]: this.options.serviceToken,
        [REQUEST_ID_HEADER]: requestId,
      },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(this.options.timeoutMs),
    });
  }
}
