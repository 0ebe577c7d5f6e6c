import type { AdminGrantBody } from '@linksmate/proto';
import {
  BULK_GRANT_MEMBERSHIP_TYPES,
  GRANT_DURATION,
  type GRANT_MEMBERSHIP_TYPES,
  GRANT_MESSAGES,
} from '@linksmate/proto/rules';

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

/** The bulk grant's answers: one of its two types and one of its durations. */
export interface BulkGrantValues {
  membership_type: (typeof BULK_GRANT_MEMBERSHIP_TYPES)[number];
  duration: string;
}

/** The durations the bulk grant offers (docs/product.md#admin-validation: like 1_months, 1_years, lifetime). */
export const BULK_GRANT_DURATIONS = [
  { value: '1_months', label: '1 month' },
  { value: '3_months', label: '3 months' },
  { value: '6_months', label: '6 months' },
  { value: '1_years', label: '1 year' },
  { value: 'lifetime', label: 'Lifetime' },
];

export const newBulkGrantValues = (): BulkGrantValues => ({
  membership_type: 'premium',
  duration: '1_months',
});

/** A bulk grant names a type it offers (premium or basic) and one of its durations, in the server's words. */
export function validateBulkGrant(values: BulkGrantValues): Partial<Record<keyof BulkGrantValues, string>> {
  const errors: Partial<Record<keyof BulkGrantValues, string>> = {};
  if (!(BULK_GRANT_MEMBERSHIP_TYPES as readonly string[]).includes(values.membership_type))
    errors.membership_type = GRANT_MESSAGES.typeUnknown;
  if (!BULK_GRANT_DURATIONS.some((offered) => offered.value === values.duration))
    errors.duration = GRANT_MESSAGES.durationInvalid;
  return errors;
}
