import type { EventMeta } from '@linksmate/platform';
import { EmailRequested } from '@linksmate/proto';
import type { ModuleContext } from '../../context';
import type { ClaimWithName, Db } from './repository';

/**
 * What a claim's review tells, written to the outbox in the caller's transaction: the claimant is
 * mailed; nothing else acts on a decision (docs/events.md#removed-contracts).
 */
export class ClaimNotices {
  constructor(private readonly runtime: ModuleContext['runtime']) {}

  decided(tx: Db, claim: ClaimWithName, meta: EventMeta): Promise<void> {
    return this.runtime.publish(
      tx,
      this.runtime.event(
        EmailRequested,
        {
          to: claim.contactEmail,
          template: 'profile-claim-decided',
          variables: {
            approved: claim.status === 'approved',
            entity_type: claim.entityType,
            entity_name: claim.entityName,
            admin_notes: claim.adminNotes,
          },
          user_id: claim.userId,
        },
        meta,
      ),
    );
  }
}
