import type { Logger } from '@linksmate/platform/edge';
import type { AccessTokenClaims } from '@linksmate/proto';
import { IdentitySnapshot } from './identity-snapshot';

/**
 * The current token version of users whose tokens were revoked (ban, role change, password reset,
 * deletion). Learned from identity's events and from identity's snapshot (at start and after the
 * bus was away, when events may have gone past); a token whose `ver` is below the known version no
 * longer counts.
 */
export class TokenVersions {
  private readonly versions = new Map<number, number>();
  private readonly snapshot = new IdentitySnapshot<{
    versions: Array<{ user_id: number; token_version: number }>;
  }>({
    path: '/internal/token-versions',
    name: 'token versions',
    timeoutMs: 3_000,
    apply: (body) => {
      for (const v of body.versions) this.observe(v.user_id, v.token_version);
    },
  });

  /** Whether a snapshot has arrived: until then older tokens of revoked users might pass. */
  get hasSnapshot(): boolean {
    return this.snapshot.arrived;
  }

  observe(userId: number, version: number): void {
    if (version > (this.versions.get(userId) ?? 0)) this.versions.set(userId, version);
  }

  isStale(claims: Pick<AccessTokenClaims, 'user_id' | 'ver'>): boolean {
    return (this.versions.get(claims.user_id) ?? 0) > claims.ver;
  }

  /**
   * Loads the versions identity knows, retrying in the background until it answers; a newer call
   * takes over from one still retrying.
   */
  loadSnapshot(
    identityUrl: string,
    serviceToken: string,
    logger: Logger,
    signal: AbortSignal,
  ): Promise<void> {
    return this.snapshot.load(identityUrl, serviceToken, logger, signal);
  }
}
