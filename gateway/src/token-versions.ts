import type { Logger } from '@linksmate/platform';
import type { AccessTokenClaims } from '@linksmate/proto';

/**
 * The current token version of users whose tokens were revoked (ban, role change, password reset,
 * deletion). Learned from identity's events and from identity's snapshot (at start and after the
 * bus was away, when events may have gone past); a token whose `ver` is below the known version no
 * longer counts.
 */
export class TokenVersions {
  private readonly versions = new Map<number, number>();
  private snapshots = 0;
  private loaded = false;

  /** Whether a snapshot has arrived: until then older tokens of revoked users might pass. */
  get hasSnapshot(): boolean {
    return this.loaded;
  }

  observe(userId: number, version: number): void {
    if (version > (this.versions.get(userId) ?? 0)) this.versions.set(userId, version);
  }

  isStale(claims: Pick<AccessTokenClaims, 'user_id' | 'ver'>): boolean {
    return (this.versions.get(claims.user_id) ?? 0) > claims.ver;
  }

  /**
   * Loads the versions identity knows, retrying in the background until it answers. A newer call
   * takes over from one still retrying, whose answer could predate what the newer call must see.
   */
  async loadSnapshot(
    identityUrl: string,
    serviceToken: string,
    logger: Logger,
    signal: AbortSignal,
  ): Promise<void> {
    const snapshot = ++this.snapshots;
    const current = () => !signal.aborted && snapshot === this.snapshots;
    for (let attempt = 0; current(); attempt++) {
      try {
        const response = await fetch(`${identityUrl}/internal/token-versions`, {
          headers: { 'x-service-token': serviceToken },
          signal: AbortSignal.any([signal, AbortSignal.timeout(3_000)]),
        });
        if (response.ok) {
          const body = (await response.json()) as {
            versions: Array<{ user_id: number; token_version: number }>;
          };
          for (const v of body.versions) this.observe(v.user_id, v.token_version);
          this.loaded = true;
          return;
        }
        await response.body?.cancel();
        logger.warn({ status: response.status }, 'token versions: identity refused the snapshot, retrying');
      } catch (err) {
        if (signal.aborted) return;
        logger.debug({ err: (err as Error).message }, 'token versions: identity not reachable yet');
      }
      await new Promise((r) => setTimeout(r, Math.min(5_000, 250 * 2 ** attempt)).unref?.());
    }
  }
}
