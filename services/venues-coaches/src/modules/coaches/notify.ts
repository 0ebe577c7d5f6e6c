import type { EventMeta } from '@linksmate/platform';
import { CoachCreated, CoachDeleted, CoachUpdated, EmailRequested, type EventData } from '@linksmate/proto';
import type { ModuleContext } from '../../context';
import type { CoachRow, Db } from '../../db/types';

/** The facts other contexts keep of a coach; `venue_id` is the primary venue. */
export function coachSnapshot(coach: CoachRow, venueId: number | null): EventData<typeof CoachCreated> {
  return {
    coach_id: coach.id,
    user_id: coach.userId,
    first_name: coach.firstName,
    last_name: coach.lastName,
    email: coach.email,
    profile_image_url: coach.profileImageUrl,
    venue_id: venueId,
    is_verified: coach.isVerified,
    version: coach.version,
  };
}

/**
 * The coach events, written to the outbox in the caller's transaction, with the coach's version, and
 * the mail inviting a coach to claim their profile.
 */
export class CoachNotices {
  constructor(private readonly runtime: ModuleContext['runtime']) {}

  created(tx: Db, coach: CoachRow, venueId: number | null, meta: EventMeta): Promise<void> {
    return this.runtime.publish(tx, this.runtime.event(CoachCreated, coachSnapshot(coach, venueId), meta));
  }

  updated(tx: Db, coach: CoachRow, venueId: number | null, meta: EventMeta): Promise<void> {
    return this.runtime.publish(tx, this.runtime.event(CoachUpdated, coachSnapshot(coach, venueId), meta));
  }

  deleted(tx: Db, coach: { id: number; version: number }, meta: EventMeta): Promise<void> {
    return this.runtime.publish(
      tx,
      this.runtime.event(CoachDeleted, { coach_id: coach.id, version: coach.version }, meta),
    );
  }

  /**
   * The invitation to claim the profile (docs/product.md#admin-calls): a mail request only messaging
   * binds, none for a coach without an address. No broadcast fact goes with it: nothing acts on an
   * invitation, and an address has no business on the bus.
   */
  async invitation(tx: Db, coach: CoachRow, meta: EventMeta): Promise<void> {
    if (!coach.email) return;
    await this.runtime.publish(
      tx,
      this.runtime.event(
        EmailRequested,
        {
          to: coach.email,
          template: 'coach-invitation',
          variables: { first_name: coach.firstName, coach_id: coach.id },
          user_id: null,
        },
        meta,
      ),
    );
  }
}
