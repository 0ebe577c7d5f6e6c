/**
 * What the login page is told by whoever sent the person there, in the navigation state: why they
 * must log in (shown above the form) and where to go back to afterwards.
 */
export interface LoginState {
  message?: string;
  /** `success` (the default) for good news such as a verified address; `info` for a plain reason. */
  tone?: 'success' | 'info';
  /** Path and query to return to after logging in. */
  from?: string;
}
