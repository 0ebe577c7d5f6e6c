/** Money: GST, currencies and how amounts are shown (spec 1 §§1, 5, 9). */

export const GST_RATE_PERCENT = 10;
export const DEFAULT_CURRENCY = 'AUD';
export const LOCALE = 'en-AU';
export const CREATE_CURRENCIES = ['AUD', 'USD', 'EUR', 'GBP', 'CAD', 'JPY'] as const;
export const EDIT_CURRENCIES = ['AUD', 'USD', 'EUR', 'GBP'] as const;
export type Currency = (typeof CREATE_CURRENCIES)[number];

/** GST on a GST-exclusive amount in cents, rounded half up to the cent. */
export function gstOnCents(amountCents: number): number {
  return Math.round((amountCents * GST_RATE_PERCENT) / 100);
}

/** Spec 1 §5: amounts are formatted from cents in en-AU; an invalid currency falls back to AUD. */
export function formatCents(amountCents: number, currency: string = DEFAULT_CURRENCY): string {
  const amount = amountCents / 100;
  try {
    return new Intl.NumberFormat(LOCALE, { style: 'currency', currency: currency.toUpperCase() }).format(
      amount,
    );
  } catch {
    return new Intl.NumberFormat(LOCALE, { style: 'currency', currency: DEFAULT_CURRENCY }).format(amount);
  }
}
