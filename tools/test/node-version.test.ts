import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));
const pinned = readFileSync(join(root, '.nvmrc'), 'utf8').trim();
const script = join(root, 'tools/scripts/ensure-node.sh');

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/**
 * A PATH whose first `node` says it is `version` and otherwise is the node running this test, so
 * npm (which runs on whatever `node` PATH gives) still works while the script sees that version.
 */
function pathWithNodeSaying(version: string): string {
  const folder = mkdtempSync(join(tmpdir(), 'lm-node-'));
  folders.push(folder);
  const node = join(folder, 'node');
  writeFileSync(
    node,
    `#!/bin/sh\nif [ "$1" = "--version" ]; then echo ${version}; exit 0; fi\nexec "${process.execPath}" "$@"\n`,
  );
  chmodSync(node, 0o755);
  return `${folder}:${process.env.PATH}`;
}

describe('the Node.js everything runs on', () => {
  it('when the tests run, then they run on the Node.js pinned in .nvmrc', () => {
    expect(process.version).toBe(`v${pinned}`);
  });

  it('when the pinned Node.js is an LTS line, then package.json, the Dockerfile and .nvmrc agree on it', () => {
    const major = Number(pinned.split('.')[0]);
    expect(major % 2, 'even majors are the LTS lines').toBe(0);
    const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
    expect(manifest.engines.node).toMatch(new RegExp(`^\\^${major}\\.`));
    expect(manifest.packageManager).toMatch(/^npm@\d+\.\d+\.\d+$/);
    expect(readFileSync(join(root, 'Dockerfile'), 'utf8')).toContain(`ARG NODE_VERSION=${pinned}\n`);
  });

  it('when the machine has the pinned Node.js, then the Makefile uses it as it is and says nothing', () => {
    const run = spawnSync('bash', [script], {
      env: { ...process.env, PATH: pathWithNodeSaying(`v${pinned}`) },
      encoding: 'utf8',
    });
    expect(run.status).toBe(0);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe('');
  });

  it('when the machine has an older Node.js, then the pinned one comes from .tools/node and one line says so', () => {
    const run = spawnSync('bash', [script], {
      env: { ...process.env, PATH: pathWithNodeSaying('v20.20.2') },
      encoding: 'utf8',
      timeout: 240_000,
    });
    expect(run.status, run.stderr).toBe(0);
    const bin = run.stdout.trim();
    expect(bin).toBe(join(root, '.tools/node/node_modules/.bin'));
    expect(execFileSync(join(bin, 'node'), ['--version'], { encoding: 'utf8' }).trim()).toBe(`v${pinned}`);
    expect(run.stderr.trim().split('\n')).toEqual([
      `Using Node.js ${pinned} from .tools/node (this machine's node is v20.20.2).`,
    ]);
  }, 300_000);
});
