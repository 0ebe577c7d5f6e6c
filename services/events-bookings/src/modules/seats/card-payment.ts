import { OFFICIAL_EVENT_TYPE } from '@linksmate/proto';
import { sql } from 'drizzle-orm';
import type { Db, EventRow } from '../../db/types';

/**
 * Whether joining an event is paid by card through the platform: an official event with a price or
 * with a priced active slot type. A member game never is: its price is paid at the venue or to the
 * creator (spec 2 §9 payment methods), so joining it is a free join request.
 */
export async function takesCardPayment(
  tx: Db,
  event: Pick<EventRow, 'id' | 'eventType' | 'pricePerParticipant'>,
) {
  if (event.eventType !== OFFICIAL_EVENT_TYPE) return false;
  if (event.pricePerParticipant > 0) return true;
  const result = await tx.execute<{ paid: boolean }>(sql`
    select exists(select 1 from ticket_types
      where event_id = ${event.id} and is_active and price_per_ticket > 0) as paid`);
  return !!result.rows[0]?.paid;
}

/** The same rule as SQL over an `events` row aliased `e`, for lists. */
export const takesCardPaymentSql = sql`(e.event_type = ${OFFICIAL_EVENT_TYPE} and (e.price_per_participant > 0
  or exists(select 1 from ticket_types tt where tt.event_id = e.id and tt.is_active and tt.price_per_ticket > 0)))`;
