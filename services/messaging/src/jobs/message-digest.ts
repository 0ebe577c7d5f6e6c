import type { JobSpec } from '@linksmate/platform';
import type { DigestService } from '../modules/digest/service';

export const MESSAGE_DIGEST = 'message-digest';

/** Every few minutes: e-mails about messages people missed (at most hourly each; see DigestService). */
export function messageDigest(digest: DigestService, everyMs: number): JobSpec {
  return {
    name: MESSAGE_DIGEST,
    everyMs,
    run: async () => {
      await digest.sendDue();
      return undefined;
    },
  };
}
