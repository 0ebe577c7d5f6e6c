import { isEmailAddress } from './profile';

/**
 * What registering says of its e-mail field (docs/product.md#account-validation): the form shows it
 * before sending and identity's 422 says the same, so a person reads one text whichever caught it.
 */
export const ACCOUNT_EMAIL_MESSAGES = {
  required: 'Email is required',
  invalid: 'Please enter a valid email address.',
} as const;

/** The register form's and identity's e-mail check: empty, then the shape of an address. */
export function accountEmailError(value: string): string | null {
  if (!value.trim()) return ACCOUNT_EMAIL_MESSAGES.required;
  return isEmailAddress(value.trim()) ? null : ACCOUNT_EMAIL_MESSAGES.invalid;
}

/**
 * Why a login with the right password is still refused (`code` of the 403), and the wrong-password
 * 401's code. The web decides what to offer (a "Resend verification email" link) by the code, never by
 * the words of the message, which may be reworded.
 */
export const LOGIN_REFUSAL_CODES = {
  invalidCredentials: 'invalid_credentials',
  suspended: 'account_suspended',
  unverified: 'email_not_verified',
} as const;
