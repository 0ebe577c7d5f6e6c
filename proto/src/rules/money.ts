/** Money: GST, currencies and how amounts are shown (docs/product.md#account-limits, #account-validation). */

export const GST_RATE_PERCENT = 10;
/** How a price summary names the GST line (docs/product.md#account-limits: "GST 10% added at checkout"). */
export const GST_LABEL = `GST (${GST_RATE_PERCENT}%)`;
/** What a card checkout (a membership's or a slot purchase's) says before it tries the card (docs/product.md#account-validation). */
export const CHECKOUT_MESSAGES = {
  emailRequired: 'Please enter your email address',
} as const;
export const DEFAULT_CURRENCY = 'AUD';
export const LOCALE = 'en-AU';
export const CREATE_CURRENCIES = ['AUD', 'USD', 'EUR', 'GBP', 'CAD', 'JPY'] as const;
export const EDIT_CURRENCIES = ['AUD', 'USD', 'EUR', 'GBP'] as const;
export type Currency = (typeof CREATE_CURRENCIES)[number];

/**
 * Amounts are kept in the currency's minor unit (cents), as Stripe takes them. A zero-decimal
 * currency has no minor unit: its amounts are whole yen, never ×100 (docs/product.md#community-limits says ×100 for slot
 * prices; that holds for every currency offered but JPY).
 */
const ZERO_DECIMAL_CURRENCIES = new Set(['JPY']);

/** How many minor units make one of the currency: 100 cents, or 1 for a zero-decimal currency. */
export function minorUnitsPerMajor(currency: string = DEFAULT_CURRENCY): number {
  return ZERO_DECIMAL_CURRENCIES.has(currency.toUpperCase()) ? 1 : 100;
}

/** An amount as a person types it (12.5 dollars, 1500 yen) → whole minor units; empty is 0. */
export function toMinorUnits(amount: number | string, currency: string = DEFAULT_CURRENCY): number {
  const value = amount === '' ? 0 : Number(amount);
  return Number.isFinite(value) ? Math.round(value * minorUnitsPerMajor(currency)) : 0;
}

/** Minor units → the amount a person reads and types (1250 cents → 12.5). */
export function fromMinorUnits(amount: number, currency: string = DEFAULT_CURRENCY): number {
  return amount / minorUnitsPerMajor(currency);
}

/** GST on a GST-exclusive amount in cents, rounded half up to the cent. */
export function gstOnCents(amountCents: number): number {
  return Math.round((amountCents * GST_RATE_PERCENT) / 100);
}

/**
 * The GST inside a GST-inclusive total in cents: the total's price is the one amount whose price plus
 * `gstOnCents(price)` makes it, so the GST is `gstOnCents` of that price and the two never disagree by
 * a cent. (Rounding GST to the cent moves a price by at most half a cent, under a tenth of a cent
 * after the division, so rounding the division finds the price again.)
 */
export function gstInsideCents(totalCents: number): number {
  const price = Math.round((totalCents * 100) / (100 + GST_RATE_PERCENT));
  return totalCents - price;
}

/** docs/product.md#account-validation: amounts are formatted from cents in en-AU; an invalid currency falls back to AUD. */
export function formatCents(amountCents: number, currency: string = DEFAULT_CURRENCY): string {
  const amount = fromMinorUnits(amountCents, currency);
  try {
    return new Intl.NumberFormat(LOCALE, { style: 'currency', currency: currency.toUpperCase() }).format(
      amount,
    );
  } catch {
    return new Intl.NumberFormat(LOCALE, { style: 'currency', currency: DEFAULT_CURRENCY }).format(amount);
  }
}

/** What a payment pays for: a membership, or seats of an event (a plain paid join, or slot types). */
export const PAYMENT_PURPOSES = ['membership', 'event_join', 'event_slots'] as const;
export type PaymentPurpose = (typeof PAYMENT_PURPOSES)[number];
/** The purposes events-bookings asks payments for: seats of an event. */
export const EVENT_PAYMENT_PURPOSES = [
  'event_join',
  'event_slots',
] as const satisfies readonly PaymentPurpose[];
export type EventPaymentPurpose = (typeof EVENT_PAYMENT_PURPOSES)[number];

export function isEventPaymentPurpose(purpose: unknown): purpose is EventPaymentPurpose {
  return (EVENT_PAYMENT_PURPOSES as readonly unknown[]).includes(purpose);
}
