import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The prefix of every temporary folder the media helpers make, so a leftover is easy to find. */
export const MEDIA_TEMP_PREFIX = 'linksmate-media-';

/**
 * Runs `work` with a fresh private folder under `root` (the system's temporary folder by default)
 * and removes the folder with everything in it afterwards, whether the work succeeded or failed.
 */
export async function withTempDir<T>(work: (dir: string) => Promise<T>, root: string = tmpdir()): Promise<T> {
  const dir = await mkdtemp(join(root, MEDIA_TEMP_PREFIX));
  try {
    return await work(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
