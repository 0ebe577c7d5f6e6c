import { HttpError, InternalClient, type InternalClientOptions } from '@linksmate/platform';
import type { InternalTeeReply } from '@linksmate/proto';

/**
 * venues-coaches' internal tee read, typed: a game's scoring copies the tees it is scored from
 * (docs/architecture.md#courses-are-read-not-projected). A tee venues-coaches does not have is
 * `null`; any other failure is platform's 502.
 */
export class VenuesClient {
  private readonly internal: InternalClient;

  constructor(options: Omit<InternalClientOptions, 'name'>) {
    this.internal = new InternalClient({ ...options, name: 'venues' });
  }

  async tee(id: number, requestId?: string): Promise<InternalTeeReply | null> {
    try {
      return await this.internal.call<InternalTeeReply>('GET', `/internal/tees/${id}`, undefined, requestId);
    } catch (err) {
      if (err instanceof HttpError && err.statusCode === 404) return null;
      throw err;
    }
  }
}
