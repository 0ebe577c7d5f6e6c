/** Password rules and their messages (docs/product.md#account-validation). */

export const PASSWORD_SPECIALS = '@$!%*?&';
export const PASSWORD_RULES: ReadonlyArray<{ test: (pw: string) => boolean; message: string }> = [
  { test: (pw) => pw.length >= 8, message: 'Password must be at least 8 characters long' },
  { test: (pw) => /[a-z]/.test(pw), message: 'Password must contain at least one lowercase letter' },
  { test: (pw) => /[A-Z]/.test(pw), message: 'Password must contain at least one uppercase letter' },
  { test: (pw) => /[0-9]/.test(pw), message: 'Password must contain at least one number' },
  {
    test: (pw) => /[@$!%*?&]/.test(pw),
    message: 'Password must contain at least one special character (@$!%*?&)',
  },
];
export const PASSWORD_MESSAGES = {
  required: 'Password is required',
  confirmRequired: 'Please confirm your password',
  mismatch: 'Passwords do not match',
  doesNotMeetRequirements: 'Password does not meet requirements',
  tooLong: 'Password must be at most 128 characters long',
} as const;
export const PASSWORD_MAX_LENGTH = 128;
/** The most a request may carry in a password or name field before it is refused unread. */
export const REQUEST_TEXT_CAP = 1024;

/** The first broken password rule's message, or null when the password is acceptable (docs/product.md#account-validation). */
export function passwordError(password: string | null | undefined): string | null {
  if (!password) return PASSWORD_MESSAGES.required;
  if (password.length > PASSWORD_MAX_LENGTH) return PASSWORD_MESSAGES.tooLong;
  for (const rule of PASSWORD_RULES) if (!rule.test(password)) return rule.message;
  return null;
}

/** The confirmation's message: 'Please confirm your password' when empty, then whether it matches. */
export function confirmPasswordError(confirm: string | null | undefined, password: string): string | null {
  if (!confirm) return PASSWORD_MESSAGES.confirmRequired;
  return confirm === password ? null : PASSWORD_MESSAGES.mismatch;
}
