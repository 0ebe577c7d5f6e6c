import { InternalClient, type InternalClientOptions } from '@linksmate/platform';
import type { InternalTeeReply } from '@linksmate/proto';

/**
 * venues-coaches' internal calls, typed: the tee a round is entered on, read when it is entered
 * (docs/architecture.md#courses-are-read-not-projected). A refusal (404 for a tee that is not there)
 * comes back as venues-coaches' HttpError, anything else as a 502.
 */
export class VenuesClient {
  private readonly internal: InternalClient;

  constructor(options: Omit<InternalClientOptions, 'name'>) {
    this.internal = new InternalClient({ ...options, name: 'venues' });
  }

  tee(teeId: number, requestId?: string): Promise<InternalTeeReply> {
    return this.internal.call('GET', `/internal/tees/${teeId}`, undefined, requestId);
  }
}
