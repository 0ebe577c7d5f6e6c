import { randomBytes } from 'node:crypto';

/** Stripe's objects as the simulator keeps them: plain JSON with an id and an object kind. */
export type Json = Record<string, unknown>;
export type StripeObject = Json & { id: string; object: string };

export const SIMULATOR_NOTICE = 'Stripe simulator for development and tests: no real payment is ever made.';
export const DAY = 86_400;

/** Seconds since the epoch, as Stripe's timestamps are. */
export const now = () => Math.floor(Date.now() / 1000);
export const newId = (prefix: string) =>
  `${prefix}_sim${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;
/** A client secret as Stripe forms them: the intent's id, then a random part. */
export const clientSecretFor = (id: string) => `${id}_secret_${randomBytes(12).toString('hex')}`;

export function addInterval(start: number, interval: string, count = 1): number {
  const date = new Date(start * 1000);
  if (interval === 'year') date.setUTCFullYear(date.getUTCFullYear() + count);
  else if (interval === 'month') date.setUTCMonth(date.getUTCMonth() + count);
  else if (interval === 'week') date.setUTCDate(date.getUTCDate() + 7 * count);
  else date.setUTCDate(date.getUTCDate() + count);
  return Math.floor(date.getTime() / 1000);
}

// Request parameters arrive as strings from forms and as typed values from JSON.
export const asString = (value: unknown) =>
  value === undefined || value === null ? undefined : String(value);
export const asInt = (value: unknown) =>
  value === undefined || value === '' ? undefined : Number.parseInt(String(value), 10);
export const asBool = (value: unknown) => value === true || value === 'true';

/** An answer other than 200, with Stripe's error body. */
export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    readonly body: Json,
  ) {
    super(String((body.error as Json)?.message ?? 'error'));
  }
}

export const invalid = (message: string, param?: string) =>
  new ApiFailure(400, { error: { type: 'invalid_request_error', message, ...(param ? { param } : {}) } });
export const missing = (kind: string, id: string) =>
  new ApiFailure(404, {
    error: {
      type: 'invalid_request_error',
      code: 'resource_missing',
      message: `No such ${kind}: '${id}'`,
      param: 'id',
    },
  });
