import type { SlotSelection, TicketType } from '@linksmate/proto';
import { DEFAULT_SLOT_TYPE_NAME, gstOnCents } from '@linksmate/proto/rules';

/** One kind of seat on sale: a slot type, or the event's own price when it has none. */
export interface SlotOption {
  /** null: the event's own price, bought without a slot selection. */
  ticketTypeId: number | null;
  name: string;
  description: string | null;
  price: number;
  currency: string;
}

export const optionsOf = (
  ticketTypes: TicketType[],
  event: { price_per_participant: number; currency: string },
): SlotOption[] => {
  const active = ticketTypes.filter((type) => type.is_active);
  if (active.length > 0)
    return active.map((type) => ({
      ticketTypeId: type.id,
      name: type.name,
      description: type.description,
      price: type.price_per_ticket,
      currency: type.currency || event.currency,
    }));
  // Contract: a paid event with no slot types sells one seat at its own price.
  if (event.price_per_participant > 0)
    return [
      {
        ticketTypeId: null,
        name: DEFAULT_SLOT_TYPE_NAME,
        description: null,
        price: event.price_per_participant,
        currency: event.currency,
      },
    ];
  return [];
};

/** Quantities by option key (the slot type's id, or 'event'). */
export type Quantities = Record<string, number>;
export const keyOf = (option: SlotOption) =>
  option.ticketTypeId === null ? 'event' : String(option.ticketTypeId);

export interface SlotTotals {
  lines: Array<{ option: SlotOption; quantity: number; total: number }>;
  seats: number;
  subtotal: number;
  gst: number;
  total: number;
}

/** The selection's summary, priced as the server prices it: proto's GST on the subtotal. */
export function totalsOf(options: SlotOption[], quantities: Quantities): SlotTotals {
  const lines = options
    .map((option) => {
      const quantity = Math.max(0, quantities[keyOf(option)] ?? 0);
      return { option, quantity, total: quantity * option.price };
    })
    .filter((line) => line.quantity > 0);
  const subtotal = lines.reduce((sum, line) => sum + line.total, 0);
  const gst = gstOnCents(subtotal);
  return {
    lines,
    seats: lines.reduce((sum, line) => sum + line.quantity, 0),
    subtotal,
    gst,
    total: subtotal + gst,
  };
}

/** What the server is sent: the chosen slot types; none when the event's own price is bought. */
export function selectionsOf(totals: SlotTotals): SlotSelection[] | undefined {
  const typed = totals.lines.filter((line) => line.option.ticketTypeId !== null);
  if (typed.length === 0) return undefined;
  return typed.map((line) => ({
    ticket_type_id: line.option.ticketTypeId!,
    slot_type_name: line.option.name,
    quantity: line.quantity,
    price_per_slot: line.option.price,
    currency: line.option.currency,
  }));
}
