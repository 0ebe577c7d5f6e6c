import { InternalClient, type InternalClientOptions } from '@linksmate/platform';
import type { GrantedMemberships, GrantMembershipsBody } from '@linksmate/proto';

/**
 * membership-payments' internal membership calls, typed. A refusal (4xx) comes back as payments'
 * HttpError, anything else as a 502 (platform's InternalClient).
 */
export class PaymentsClient {
  private readonly internal: InternalClient;

  constructor(options: Omit<InternalClientOptions, 'name'>) {
    this.internal = new InternalClient({ ...options, name: 'payments' });
  }

  /** Grants one membership to each person, all or nothing. */
  grantMemberships(body: GrantMembershipsBody, requestId?: string): Promise<GrantedMemberships> {
    return this.internal.call('POST', '/internal/memberships/grant-bulk', body, requestId);
  }
}
