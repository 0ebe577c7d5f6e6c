import type { Logger } from '@linksmate/platform/edge';
import {
  type AccessTokenClaims,
  type EventData,
  type MembershipClaimsReply,
  sameMembershipDecision,
  type UserClaimsChanged,
} from '@linksmate/proto';
import { IdentitySnapshot } from './identity-snapshot';

/** What a token says of its membership, next to what identity's copy says now. */
type Claims = Pick<AccessTokenClaims, 'user_id' | 'role' | 'membership_status' | 'membership_ends_at'>;

interface Known {
  status: string | null;
  endsAt: string | null;
  version: number;
  /** When this replica learned it (ms): entries outlive every token issued before them, then go. */
  seenAt: number;
}

/**
 * identity's longest access-token life (`ACCESS_TOKEN_TTL_SECONDS` is at most 7 days): a token
 * issued before a change has expired this long after it, so the change no longer needs keeping.
 */
const RETAIN_MS = 7 * 24 * 3600 * 1000 + 60_000;

/**
 * Each person's membership as it is now, for the membership gate. A token carries the membership
 * of when it was issued, and lives for hours; the gate must follow a grant, a purchase, a
 * cancellation or a lapse at once. So this replica keeps, from identity's
 * `identity.user.claims-changed` events (and identity's snapshot of recent changes, at start and
 * after the bus was away), the latest membership of everyone whose membership changed within a
 * token's life, the highest membership version winning whatever order events arrive in. A token
 * the gate would answer differently from the membership as it is now is stale: the gateway refuses
 * it with 401 `claims_stale` before any service sees it, the client refreshes its token (identity
 * signs the current membership) and asks again. Services' own `access: 'member'` checks read the
 * token, so every service's gate follows from this one decision, with no call on the hot path.
 */
export class CurrentMemberships {
  private readonly known = new Map<number, Known>();
  private readonly snapshot = new IdentitySnapshot<MembershipClaimsReply>({
    path: '/internal/membership-claims',
    name: 'memberships',
    timeoutMs: 10_000,
    apply: (body) => {
      for (const m of body.memberships) this.observe(m.user_id, m);
    },
  });
  private sinceSweep = 0;

  constructor(private readonly now: () => number = Date.now) {}

  /** Whether identity's snapshot has arrived: until then a change made before the start could pass. */
  get hasSnapshot(): boolean {
    return this.snapshot.arrived;
  }

  /** Records a membership (its claims and version); an older or repeated one changes nothing. */
  observe(
    userId: number,
    membership: {
      membership_status: string | null;
      membership_ends_at: string | null;
      membership_version: number;
    },
  ): void {
    const known = this.known.get(userId);
    if (known && known.version >= membership.membership_version) return;
    this.known.set(userId, {
      status: membership.membership_status,
      endsAt: membership.membership_ends_at,
      version: membership.membership_version,
      seenAt: this.now(),
    });
    if (++this.sinceSweep >= 1_000) this.sweep();
  }

  /** Takes the membership from identity's event, when the event names its version. */
  observeEvent(data: EventData<typeof UserClaimsChanged>): void {
    if (typeof data.membership_version !== 'number') return;
    this.observe(data.user_id, {
      membership_status: data.membership_status,
      membership_ends_at: data.membership_ends_at,
      membership_version: data.membership_version,
    });
  }

  /** Whether the gate would answer this token's claims otherwise than the membership as it is now. */
  isStale(claims: Claims): boolean {
    const known = this.known.get(claims.user_id);
    if (!known) return false;
    return !sameMembershipDecision(
      claims,
      { membership_status: known.status, membership_ends_at: known.endsAt },
      new Date(this.now()),
    );
  }

  /** How many people's memberships are kept (for tests and diagnostics). */
  get size(): number {
    return this.known.size;
  }

  private sweep(): void {
    this.sinceSweep = 0;
    const horizon = this.now() - RETAIN_MS;
    for (const [userId, known] of this.known) if (known.seenAt < horizon) this.known.delete(userId);
  }

  /**
   * Loads the memberships identity took within a token's life, retrying in the background until it
   * answers. A newer call takes over from one still retrying.
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
