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

const REMEMBERED = 'linksmate:login-state';

/**
 * What the login page must say to someone this tab is about to sign out (after a purchase): kept for
 * this tab, so it is said whichever navigation reaches /login first — the screen's own redirect or
 * an access guard seeing the session gone.
 */
export function rememberLoginState(state: LoginState): void {
  try {
    sessionStorage.setItem(REMEMBERED, JSON.stringify(state));
  } catch {
    // Storage refused (private mode): the navigation's own state still carries it.
  }
}

/** The remembered state, if any (read without forgetting, so a second render reads it too). */
export function rememberedLoginState(): LoginState | null {
  try {
    const stored = sessionStorage.getItem(REMEMBERED);
    return stored ? (JSON.parse(stored) as LoginState) : null;
  } catch {
    return null;
  }
}

export function forgetRememberedLoginState(): void {
  try {
    sessionStorage.removeItem(REMEMBERED);
  } catch {}
}
