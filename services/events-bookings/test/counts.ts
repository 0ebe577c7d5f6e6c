import type { EventsBookingsUnderTest } from './fixtures';

/** The event's participant count as stored (the derived count every seat change settles). */
export async function participantCount(eb: EventsBookingsUnderTest, eventId: number): Promise<number> {
  const result = await eb.pool.query('select participant_count from events where id = $1', [eventId]);
  return Number(result.rows[0]?.participant_count);
}
