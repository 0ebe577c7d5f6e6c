import type { ServiceRuntime } from '@linksmate/platform';
import { BookingReminderFellDue, venueTimeZone } from '@linksmate/proto';
import type * as schema from '../../db/schema';
import type { Db } from '../../db/types';
import type { DueReminder } from './repository';

/** What the reminders job tells (messaging words and delivers it), in the caller's transaction. */
export class ReminderNotices {
  constructor(private readonly runtime: ServiceRuntime<typeof schema>) {}

  fellDue(tx: Db, due: DueReminder[], now: Date): Promise<void> {
    if (!due.length) return Promise.resolve();
    return this.runtime.publish(
      tx,
      due.map((d) =>
        this.runtime.event(BookingReminderFellDue, {
          booking_id: d.bookingId,
          event_id: d.eventId,
          event_title: d.eventTitle,
          event_type: d.eventType,
          user_id: d.userId,
          reminder: d.reminder,
          start_time: d.startTime.toISOString(),
          time_zone: venueTimeZone(d.state),
          venue: {
            venue_id: d.venueId,
            name: d.venueName ?? 'the venue',
            address: d.address,
            city: d.city,
            state: d.state,
            lat: d.lat,
            lng: d.lng,
          },
          occurred_at: now.toISOString(),
        }),
      ),
    );
  }
}
