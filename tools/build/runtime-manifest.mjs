// Writes the production image's package.json: the third-party dependencies of every process the
// image runs (proto, platform, the gateway and the six services), with their ranges, and nothing
// else — no workspaces (their code is bundled into dist/), no dev tools, no simulators. Installed
// beside the repository's package-lock.json, npm keeps the versions locked there.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '../..');
const RUNTIME_WORKSPACES = [
  'proto',
  'platform',
  'gateway',
  'services/identity',
  'services/membership-payments',
  'services/events-bookings',
  'services/venues-coaches',
  'services/messaging',
  'services/admin',
];

/**
 * Left out although a workspace names it: the image decodes video with Debian's maintained ffmpeg
 * (FFMPEG_PATH), so the npm package's 2018 static build (66 MB) is not shipped.
 */
const NOT_SHIPPED = new Set(['@ffmpeg-installer/ffmpeg']);

const read = (path) => JSON.parse(readFileSync(join(root, path), 'utf8'));
const rootManifest = read('package.json');
const dependencies = {};
for (const workspace of RUNTIME_WORKSPACES) {
  for (const [name, range] of Object.entries(read(`${workspace}/package.json`).dependencies ?? {})) {
    if (name.startsWith('@linksmate/') || NOT_SHIPPED.has(name)) continue;
    if (dependencies[name] && dependencies[name] !== range)
      throw new Error(`${name}: ${workspace} asks for ${range}, another workspace for ${dependencies[name]}`);
    dependencies[name] = range;
  }
}
const out = process.argv[2] ?? 'package.runtime.json';
writeFileSync(
  out,
  `${JSON.stringify(
    {
      name: 'linksmate-runtime',
      private: true,
      type: 'module',
      version: rootManifest.version,
      engines: rootManifest.engines,
      dependencies: Object.fromEntries(Object.entries(dependencies).sort(([a], [b]) => a.localeCompare(b))),
    },
    null,
    2,
  )}\n`,
);
console.log(`${out}: ${Object.keys(dependencies).length} dependencies`);
