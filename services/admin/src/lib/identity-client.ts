import { InternalClient, type InternalClientOptions } from '@linksmate/platform';
import type {
  InternalActorBody,
  InternalBanBody,
  InternalEmailBody,
  InternalRoleBody,
  InternalUserReply,
} from '@linksmate/proto';

/**
 * identity's internal commands on accounts, typed. A refusal (4xx) comes back as identity's
 * HttpError, so the admin reads identity's words; anything else as a 502 (platform's InternalClient).
 */
export class IdentityClient {
  private readonly internal: InternalClient;

  constructor(options: Omit<InternalClientOptions, 'name'>) {
    this.internal = new InternalClient({ ...options, name: 'identity' });
  }

  ban(userId: number, body: InternalBanBody, requestId?: string): Promise<InternalUserReply> {
    return this.internal.call('POST', `/internal/users/${userId}/ban`, body, requestId);
  }

  unban(userId: number, body: InternalActorBody, requestId?: string): Promise<InternalUserReply> {
    return this.internal.call('POST', `/internal/users/${userId}/unban`, body, requestId);
  }

  setRole(userId: number, body: InternalRoleBody, requestId?: string): Promise<InternalUserReply> {
    return this.internal.call('PUT', `/internal/users/${userId}/role`, body, requestId);
  }

  sendPasswordReset(userId: number, body: InternalActorBody, requestId?: string): Promise<InternalUserReply> {
    return this.internal.call('POST', `/internal/users/${userId}/password-reset`, body, requestId);
  }

  sendEmail(userId: number, body: InternalEmailBody, requestId?: string): Promise<InternalUserReply> {
    return this.internal.call('POST', `/internal/users/${userId}/email`, body, requestId);
  }

  remove(userId: number, body: InternalActorBody, requestId?: string): Promise<{ deleted: boolean }> {
    return this.internal.call('POST', `/internal/users/${userId}/delete`, body, requestId);
  }
}
