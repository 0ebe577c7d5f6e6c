import { conflict, HttpError } from '@linksmate/platform';
import { ACCOUNT_EMAIL_MESSAGES, USERNAME } from '@linksmate/proto';

/** What accounts' routes answer (docs/product.md#account-screens, #account-errors). */
export const AUTH_MESSAGES = {
  registered: 'Account created. Please check your email to verify your account.',
  usernameTaken: USERNAME.takenMessage,
  emailTaken: 'An account with this email already exists.',
  invalidEmail: ACCOUNT_EMAIL_MESSAGES.invalid,
  noVerificationToken: 'No verification token provided.',
  invalidVerificationLink: 'This verification link is invalid or has expired.',
  verified: 'Email verified successfully',
  resendAccepted:
    'If an account with that email still needs verifying, a new verification link is on its way.',
  resendTooSoon: (seconds: number) =>
    `Please wait ${seconds} second${seconds === 1 ? '' : 's'} before asking for another verification email.`,
  invalidCredentials: 'Invalid email or password',
  unverified: 'Please verify your email before logging in. Check your inbox for the verification link.',
  suspended: 'Your account has been suspended. Please contact support.',
  forgotAccepted: 'If this email exists, you will receive a password reset link.',
  invalidResetToken: 'Invalid or expired reset token',
  passwordReset: 'Password reset successfully',
} as const;

/** How often a made-up username is tried before the answer is 409 (see UsersService.freeUsername). */
export const MADE_UP_USERNAME_ATTEMPTS = 5;
/** The unique index that says a username is held (the other one, on e-mail, says the address is). */
export const USERNAME_KEY = 'users_username_lower_key';

export const emailTaken = (others: Record<string, string> = {}) =>
  conflict(AUTH_MESSAGES.emailTaken, 'account_exists', { email: AUTH_MESSAGES.emailTaken, ...others });
export const usernameTaken = () =>
  conflict(AUTH_MESSAGES.usernameTaken, 'username_taken', { username: AUTH_MESSAGES.usernameTaken });

/** 429 with the whole seconds left, in the body (`retry_after`) and the standard header. */
export class ResendTooSoon extends HttpError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, AUTH_MESSAGES.resendTooSoon(retryAfterSeconds), 'resend_cooldown', undefined, {
      retry_after: retryAfterSeconds,
    });
  }
}
