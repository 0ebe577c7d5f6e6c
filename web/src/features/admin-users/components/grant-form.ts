import type { AdminGrantBody } from '@linksmate/proto';
import { GRANT_DURATION, type GRANT_MEMBERSHIP_TYPES, GRANT_MESSAGES } from '@linksmate/proto/rules';

export type GrantUnit = (typeof GRANT_DURATION.units)[number];

/** The grant dialog's answers: the duration as typed, so an empty or out-of-range one stays on screen. */
export interface GrantValues {
  type: (typeof GRANT_MEMBERSHIP_TYPES)[number];
  amount: number | string;
  unit: GrantUnit;
  expiry: Date | null;
}

export const newGrantValues = (): GrantValues => ({
  type: 'monthly',
  amount: 1,
  unit: 'months',
  expiry: null,
});

/** A lifetime type or unit has no number of units. */
export const isLifetime = (values: GrantValues) => values.type === 'lifetime' || values.unit === 'lifetime';

/** docs/product.md#admin-validation: a duration of 1 to 12 whole units, unless lifetime; in the server's words. */
export function validateGrant(values: GrantValues): Partial<Record<keyof GrantValues, string>> {
  if (isLifetime(values)) return {};
  const amount = values.amount === '' ? Number.NaN : Number(values.amount);
  if (!(amount >= GRANT_DURATION.min && amount <= GRANT_DURATION.max))
    return { amount: GRANT_MESSAGES.durationRange };
  if (!Number.isInteger(amount)) return { amount: GRANT_MESSAGES.durationWhole };
  return {};
}

const dayOf = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/** The grant as the server takes it: `3_months` or `lifetime`; an annual grant's last day if named. */
export const grantBodyOf = (values: GrantValues): AdminGrantBody => ({
  membership_type: values.type,
  duration: isLifetime(values) ? 'lifetime' : `${Number(values.amount)}_${values.unit}`,
  ...(values.type === 'annual' && values.expiry ? { expiry_date: dayOf(values.expiry) } : {}),
});
