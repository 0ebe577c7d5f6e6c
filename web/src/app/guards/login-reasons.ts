import type { LoginState } from '../../lib/login-state';

/** Why a guarded screen asks a visitor to log in; a route may say it more precisely. */
export type LoginReason = (search: URLSearchParams) => Pick<LoginState, 'message' | 'tone'>;

export const pleaseLogIn: LoginReason = () => ({ message: 'Please log in to continue.', tone: 'info' });

/**
 * Onboarding is reached from the verification link (`?verified=true`) and from the registration
 * modal, whose person has usually not verified yet.
 */
export const logInToChooseMembership: LoginReason = (search) =>
  search.get('verified') === 'true'
    ? { message: 'Email verified — log in to choose your membership.', tone: 'success' }
    : {
        message:
          'Log in to choose your membership. New here? Verify your email first with the link we sent you.',
        tone: 'info',
      };
