import type { JobSpec } from '@linksmate/platform';
import type { RemindersService } from '../modules/reminders/service';

export const BOOKING_REMINDERS_JOB = 'booking-reminders';

/** Reminders of booked games and events as they fall due (docs/product.md#reminders). */
export function bookingReminders(reminders: RemindersService, everyMs: number): JobSpec {
  return {
    name: BOOKING_REMINDERS_JOB,
    everyMs,
    run: async (signal) => {
      await reminders.sendDue(signal);
      return undefined;
    },
  };
}
