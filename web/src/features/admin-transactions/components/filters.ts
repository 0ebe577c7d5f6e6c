import {
  PAGE_SIZES,
  TRANSACTION_CURRENCY_FILTERS,
  TRANSACTION_STATUSES,
  TRANSACTION_TYPES,
  toMinorUnits,
} from '@linksmate/proto/rules';
import type { TransactionsListQuery } from '../api/get-transactions';

/**
 * The transaction list's filters as the address keeps them (docs/product.md#admin-sections "Payment Transactions").
 * Amounts stay in dollars as typed; the query sends them in cents.
 */
export interface Filters {
  status: string;
  type: string;
  currency: string;
  /** YYYY-MM-DD. */
  dateFrom: string;
  dateTo: string;
  /** Dollars. */
  minAmount: string;
  maxAmount: string;
  userEmail: string;
}
export type FilterKey = keyof Filters;

/** The filters typed rather than picked: they reach the address once typing settles. */
export const TYPED_FILTERS = ['userEmail', 'minAmount', 'maxAmount'] as const satisfies readonly FilterKey[];
export type TypedFilter = (typeof TYPED_FILTERS)[number];

export const NO_FILTERS: Filters = {
  status: '',
  type: '',
  currency: '',
  dateFrom: '',
  dateTo: '',
  minAmount: '',
  maxAmount: '',
  userEmail: '',
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const oneOf = (list: readonly string[], value: string | null) => (value && list.includes(value) ? value : '');

/** What the address says, with anything the list does not know left out. */
export function readFilters(params: URLSearchParams): Filters {
  const day = (key: string) => {
    const value = params.get(key) ?? '';
    return DAY.test(value) ? value : '';
  };
  return {
    status: oneOf(TRANSACTION_STATUSES, params.get('status')),
    type: oneOf(TRANSACTION_TYPES, params.get('type')),
    currency: oneOf(TRANSACTION_CURRENCY_FILTERS, params.get('currency')),
    dateFrom: day('dateFrom'),
    dateTo: day('dateTo'),
    minAmount: params.get('minAmount') ?? '',
    maxAmount: params.get('maxAmount') ?? '',
    userEmail: params.get('userEmail') ?? '',
  };
}

/** Dollars as typed → cents; nothing for an empty, negative or unreadable amount. */
export function dollarsToCents(text: string): number | undefined {
  if (text.trim() === '') return undefined;
  const dollars = Number(text);
  return Number.isFinite(dollars) && dollars >= 0 ? toMinorUnits(dollars) : undefined;
}

export const AMOUNT_FILTER_MESSAGES = {
  negative: 'Amount cannot be negative',
  belowMinimum: 'Must be at least the minimum',
} as const;

/** A negative amount is said under its field and left out of the query (`dollarsToCents`). */
export function amountError(text: string): string | undefined {
  return text.trim() !== '' && Number(text) < 0 ? AMOUNT_FILTER_MESSAGES.negative : undefined;
}

/** A minimum above the maximum finds nothing; the form says so. */
export function amountRangeError(minAmount: string, maxAmount: string): string | undefined {
  const min = dollarsToCents(minAmount);
  const max = dollarsToCents(maxAmount);
  return min !== undefined && max !== undefined && min > max
    ? AMOUNT_FILTER_MESSAGES.belowMinimum
    : undefined;
}

export function toQuery(filters: Filters, page: number): TransactionsListQuery {
  const limit = PAGE_SIZES.adminTransactions;
  return {
    limit,
    offset: (page - 1) * limit,
    status: filters.status || undefined,
    type: filters.type || undefined,
    currency: filters.currency || undefined,
    dateFrom: filters.dateFrom || undefined,
    dateTo: filters.dateTo || undefined,
    minAmount: dollarsToCents(filters.minAmount),
    maxAmount: dollarsToCents(filters.maxAmount),
    userEmail: filters.userEmail.trim() || undefined,
  };
}

/** 'requires_payment_method' → 'Requires payment method'; 'charge.refunded' → 'Charge refunded'. */
export const humanise = (value: string) => {
  const words = value.replace(/[._]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

export const STATUS_OPTIONS = [
  { value: '', label: 'All Statuses' },
  ...TRANSACTION_STATUSES.map((value) => ({ value, label: humanise(value) })),
];
export const TYPE_OPTIONS = [
  { value: '', label: 'All Types' },
  ...TRANSACTION_TYPES.map((value) => ({ value, label: humanise(value) })),
];
export const CURRENCY_OPTIONS = [
  { value: '', label: 'All Currencies' },
  ...TRANSACTION_CURRENCY_FILTERS.map((value) => ({ value, label: value.toUpperCase() })),
];
