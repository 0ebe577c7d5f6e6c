import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** Starts a process's main.ts as its own process with only `env`, and reads what it wrote. */
function startWith(entry: string, env: Record<string, string>) {
  const run = spawnSync(process.execPath, ['--import', 'tsx', entry], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: run.status, stdout: run.stdout, lines: run.stderr.trim().split('\n') };
}

describe('a start with bad configuration', () => {
  it.each([
    ['identity', 'services/identity/src/main.ts'],
    ['gateway', 'gateway/src/main.ts'],
  ])(
    'when %s is started with several bad variables, then it exits with one JSON log line naming it and every one',
    (name, entry) => {
      const run = startWith(entry, {
        NODE_ENV: 'production',
        DATABASE_URL: 'mysql://app:s3cret@db/app',
        PORT: 'eighty',
        LOG_LEVEL: 'info',
      });
      expect(run.status).toBe(1);
      expect(run.stdout).toBe('');
      expect(run.lines).toHaveLength(1);
      const line = JSON.parse(run.lines[0] as string) as {
        level: number;
        name: string;
        msg: string;
        problems: Array<{ variable: string; problem: string }>;
      };
      expect(line).toMatchObject({ level: 60, name });
      const variables = line.problems.map((p) => p.variable);
      expect(variables).toEqual(expect.arrayContaining(['PORT', 'SERVICE_TOKEN', 'AMQP_URL', 'PUBLIC_URL']));
      if (name === 'identity') expect(variables).toContain('DATABASE_URL');
      expect(line.msg).toMatch(/^invalid configuration: /);
      expect(run.lines[0], 'no password in the log').not.toContain('s3cret');
    },
  );
});
