import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

export interface PrivateClone {
  repo: string;
  remove(): void;
}

/**
 * A clone of the committed HEAD, at a path with a space, inside a fresh folder only its owner may enter (mktemp -d is 0700,
 * like many homes), so users other than its owner cannot reach it. This checkout's installed packages
 * are hard-linked in and its web build copied, so `make run` there neither installs nor builds.
 */
export function cloneIntoPrivateFolder(): PrivateClone {
  const parent = mkdtempSync(join(tmpdir(), 'linksmate-clone-'));
  // A space in the path too: every path the run works out must survive it.
  const repo = join(parent, 'links mate');
  try {
    execFileSync('git', ['clone', '--quiet', repoRoot, repo]);
    const { workspaces } = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as {
      workspaces: string[];
    };
    for (const workspace of ['.', ...workspaces]) {
      const installed = join(repoRoot, workspace, 'node_modules');
      if (!existsSync(installed)) continue;
      const target = join(repo, workspace, 'node_modules');
      try {
        execFileSync('cp', ['-al', installed, target], { stdio: 'ignore' });
      } catch {
        // Another file system: links cannot cross it, a copy can.
        rmSync(target, { recursive: true, force: true });
        execFileSync('cp', ['-a', installed, target]);
      }
    }
    // A stamp of its own, newer than the cloned manifests: make sees the install done.
    const stamp = join(repo, 'node_modules', '.install-stamp');
    rmSync(stamp, { force: true });
    writeFileSync(stamp, '');
    // Copied after the stamp, so newer than it and the cloned sources: make sees the build done.
    cpSync(join(repoRoot, 'web', 'dist'), join(repo, 'web', 'dist'), { recursive: true });
  } catch (err) {
    rmSync(parent, { recursive: true, force: true });
    throw err;
  }
  return { repo, remove: () => rmSync(parent, { recursive: true, force: true }) };
}
