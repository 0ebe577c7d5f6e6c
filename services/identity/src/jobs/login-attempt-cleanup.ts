import type { JobSpec } from '@linksmate/platform';
import type { AuthService } from '../modules/auth/service';

/** Login attempts past every limit's window, and login sources long unseen, are of no further use. */
export function loginAttemptCleanup(auth: AuthService): JobSpec {
  return {
    name: 'login-attempt-cleanup',
    everyMs: 60 * 60 * 1000,
    run: async () => {
      await auth.forgetOldLoginRecords();
      return undefined;
    },
  };
}
