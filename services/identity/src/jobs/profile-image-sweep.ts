import type { JobSpec } from '@linksmate/platform';
import type { ProfileImages } from '../modules/images/service';

/** Uploads no profile took, and pictures a profile let go, leave the store with their files. */
export function profileImageSweep(images: ProfileImages): JobSpec {
  return {
    name: 'profile-image-sweep',
    everyMs: 15 * 60 * 1000,
    run: async (signal) => {
      await images.sweep(signal);
      return undefined;
    },
  };
}
