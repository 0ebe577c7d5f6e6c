import { invalidFields } from '@linksmate/platform';
import {
  DEFAULT_SLOT_TYPE_NAME,
  EVENT_MESSAGES,
  gstOnCents,
  MAX_SLOTS_PER_PURCHASE,
  type SlotSelection,
} from '@linksmate/proto';
import type { HeldSlot } from '../../db/schema';
import type { EventRow, TicketTypeRow } from '../../db/types';

/** What a selection costs, priced by the server (GST-exclusive prices, GST added once on the sum). */
export interface Priced {
  lines: HeldSlot[];
  seats: number;
  subtotal: number;
  gst: number;
  total: number;
  currency: string;
  /** Whether slot (ticket) types were bought, or one seat at the event's own price. */
  slots: boolean;
}

const refuse = (message: string) => invalidFields({ slot_selections: message });

/**
 * Prices a selection from the event's active ticket types; the client's prices and names are never
 * used. An event without slot types sells one seat at its price per participant.
 */
export function priceSelection(
  event: Pick<EventRow, 'pricePerParticipant' | 'currency'>,
  types: TicketTypeRow[],
  selections: SlotSelection[] | undefined,
): Priced {
  const chosen = selections ?? [];
  if (chosen.some((s) => s.quantity < 0)) throw refuse(EVENT_MESSAGES.slotQuantity);
  const wanted = chosen.filter((s) => s.quantity > 0);
  if (!types.length) {
    if (wanted.length) throw refuse(EVENT_MESSAGES.slotUnknown);
    const subtotal = event.pricePerParticipant;
    const gst = gstOnCents(subtotal);
    return {
      lines: [
        {
          ticket_type_id: null,
          slot_type_name: DEFAULT_SLOT_TYPE_NAME,
          quantity: 1,
          price_per_slot: subtotal,
          line_total: subtotal,
        },
      ],
      seats: 1,
      subtotal,
      gst,
      total: subtotal + gst,
      currency: event.currency,
      slots: false,
    };
  }
  if (!wanted.length) throw refuse(EVENT_MESSAGES.slotRequired);
  const byId = new Map(types.map((t) => [t.id, t]));
  const quantities = new Map<number, number>();
  for (const s of wanted) {
    if (!byId.has(s.ticket_type_id)) throw refuse(EVENT_MESSAGES.slotUnknown);
    quantities.set(s.ticket_type_id, (quantities.get(s.ticket_type_id) ?? 0) + s.quantity);
  }
  const seats = [...quantities.values()].reduce((a, b) => a + b, 0);
  if (seats > MAX_SLOTS_PER_PURCHASE) throw refuse(EVENT_MESSAGES.tooManySlots);
  const lines: HeldSlot[] = [...quantities].map(([id, quantity]) => {
    const type = byId.get(id)!;
    return {
      ticket_type_id: id,
      slot_type_name: type.name,
      quantity,
      price_per_slot: type.pricePerTicket,
      line_total: type.pricePerTicket * quantity,
    };
  });
  const subtotal = lines.reduce((sum, l) => sum + l.line_total, 0);
  const gst = gstOnCents(subtotal);
  const currency = byId.get(lines[0]!.ticket_type_id!)!.currency;
  return { lines, seats, subtotal, gst, total: subtotal + gst, currency, slots: true };
}
