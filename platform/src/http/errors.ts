import { MEMBERSHIP_REQUIRED } from '@linksmate/proto';

export type FieldErrors = Record<string, string>;

/** An error that becomes an API answer of the given status with the API error shape. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code?: string,
    readonly errors?: FieldErrors,
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'HttpError';
  }

  toBody(): Record<string, unknown> {
    return {
      error: this.message,
      ...(this.code ? { code: this.code } : {}),
      ...(this.errors ? { errors: this.errors } : {}),
      ...this.extra,
    };
  }
}

export const badRequest = (message: string, code = 'bad_request', errors?: FieldErrors) =>
  new HttpError(400, message, code, errors);
export const unauthorized = (message = 'Authentication required', code = 'unauthorized') =>
  new HttpError(401, message, code);
export const forbidden = (message = 'You do not have permission to do this', code = 'forbidden') =>
  new HttpError(403, message, code);
export const notFound = (message = 'Not found', code = 'not_found') => new HttpError(404, message, code);
export const conflict = (message: string, code = 'conflict', errors?: FieldErrors) =>
  new HttpError(409, message, code, errors);
export const unprocessable = (message: string, errors?: FieldErrors, code = 'validation_failed') =>
  new HttpError(422, message, code, errors);
/** 422 with a message per field; the answer's own message is the first field's. */
export const invalidFields = (errors: FieldErrors, code = 'validation_failed') =>
  unprocessable(Object.values(errors)[0] ?? 'Invalid request', errors, code);
export const tooManyRequests = (message: string, code = 'rate_limited') => new HttpError(429, message, code);
export const serviceUnavailable = (message = 'Service unavailable', code = 'service_unavailable') =>
  new HttpError(503, message, code);

/** docs/product.md#roles: a member without a valid membership gets 402 with the redirect to the membership page. */
export const membershipRequired = () =>
  new HttpError(402, MEMBERSHIP_REQUIRED.error, MEMBERSHIP_REQUIRED.code, undefined, {
    membership_required: true,
    redirect_url: MEMBERSHIP_REQUIRED.redirectUrl,
  });
