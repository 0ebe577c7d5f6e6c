// Compiles every process the production image runs into plain JavaScript, one bundle each:
// dist/<process>/main.js with our workspaces (proto, platform, the service, or the operator command's
// tools code) inlined and every third-party package left to node_modules. The image then runs
// `node dist/<process>/main.js`: no tsx, no TypeScript, no esbuild at run time. Each service's SQL
// migrations are copied beside its bundle, where its `new URL('./db/migrations', import.meta.url)`
// looks for them.
//
//   node tools/build/bundle.mjs [outDir]     (default: dist)
import { cpSync, rmSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { build } from 'esbuild';
import { nodeProcessOptions, thirdPartyExternal } from './esbuild-shared.mjs';

const root = join(import.meta.dirname, '../..');
const outDir = resolve(root, process.argv[2] ?? 'dist');

/** Process → its entry and, for a service, its migrations folder. */
export const PROCESSES = {
  gateway: { entry: 'gateway/src/main.ts' },
  identity: { entry: 'services/identity/src/main.ts', migrations: 'services/identity/src/db/migrations' },
  'membership-payments': {
    entry: 'services/membership-payments/src/main.ts',
    migrations: 'services/membership-payments/src/db/migrations',
  },
  'events-bookings': {
    entry: 'services/events-bookings/src/main.ts',
    migrations: 'services/events-bookings/src/db/migrations',
  },
  'venues-coaches': {
    entry: 'services/venues-coaches/src/main.ts',
    migrations: 'services/venues-coaches/src/db/migrations',
  },
  messaging: { entry: 'services/messaging/src/main.ts', migrations: 'services/messaging/src/db/migrations' },
  admin: { entry: 'services/admin/src/main.ts', migrations: 'services/admin/src/db/migrations' },
  // The operator command (README "Operator command"): it finds each service's migrations beside
  // that service's bundle (dist/<service>/db/migrations).
  ops: { entry: 'tools/src/ops/main.ts' },
};

rmSync(outDir, { recursive: true, force: true });
const started = performance.now();
for (const [name, { entry, migrations }] of Object.entries(PROCESSES)) {
  const outfile = join(outDir, name, 'main.js');
  await build({
    entryPoints: [join(root, entry)],
    outfile,
    ...nodeProcessOptions,
    plugins: [thirdPartyExternal],
  });
  if (migrations) cpSync(join(root, migrations), join(outDir, name, 'db/migrations'), { recursive: true });
  console.log(`  ${relative(root, outfile)}`);
}
console.log(
  `bundled ${Object.keys(PROCESSES).length} processes in ${Math.round(performance.now() - started)} ms`,
);
