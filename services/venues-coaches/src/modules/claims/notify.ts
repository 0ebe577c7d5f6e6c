import type { EventMeta } from '@linksmate/platform';
import { EmailRequested, ProfileClaimApproved, ProfileClaimRejected } from '@linksmate/proto';
import type { ModuleContext } from '../../context';
import type { ClaimWithName, Db } from './repository';

/**
 * What a claim's review tells, written to the outbox in the caller's transaction: the claimant is
 * mailed, and the decision is published for messaging's notification centre.
 */
export class ClaimNotices {
  constructor(private readonly runtime: ModuleContext['runtime']) {}

  async decided(tx: Db, claim: ClaimWithName, meta: EventMeta): Promise<void> {
    const approved = claim.status === 'approved';
    await this.runtime.publish(tx, [
      this.runtime.event(
        EmailRequested,
        {
          to: claim.contactEmail,
          template: 'profile-claim-decided',
          variables: {
            approved,
            entity_type: claim.entityType,
            entity_name: claim.entityName,
            admin_notes: claim.adminNotes,
          },
          user_id: claim.userId,
        },
        meta,
      ),
      this.runtime.event(
        approved ? ProfileClaimApproved : ProfileClaimRejected,
        {
          claim_id: claim.id,
          user_id: claim.userId,
          entity_type: claim.entityType,
          entity_id: claim.entityId,
          entity_name: claim.entityName ?? '',
          admin_notes: claim.adminNotes,
          decided_at: (claim.decidedAt ?? claim.updatedAt).toISOString(),
        },
        meta,
      ),
    ]);
  }
}
