/** What the server and the web say about sessions (README "Sessions"). */
export const SESSION_MESSAGES = {
  /** A refresh that cannot continue the session: missing, unknown, expired, revoked or reused. */
  ended: 'Your session has ended. Please log in again.',
  loggedOut: 'Logged out successfully',
  notFound: 'Session not found',
  signedOut: 'Session signed out',
  signedOutEverywhere: 'Signed out everywhere',
  passwordChanged: 'Password changed successfully. Your other sessions have been signed out.',
  wrongPassword: 'Current password is incorrect',
  samePassword: 'The new password must differ from the current one',
  /** The profile page's confirm dialog before 'Sign out everywhere'. */
  confirmSignOutEverywhere:
    'Sign out of LinksMate on every device, this one included? You will need to log in again.',
} as const;

/** Why a session ended (kept on the session row, for support). */
export type SessionEndReason =
  | 'logout'
  | 'signed_out'
  | 'signed_out_everywhere'
  | 'reused'
  | 'password_changed'
  | 'password_reset'
  | 'suspended';
