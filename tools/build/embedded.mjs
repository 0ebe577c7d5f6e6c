// Compiles the embedded run (`make run`) to plain JavaScript: .build/embedded/main.js and its chunks,
// our workspaces inlined, third-party packages left to node_modules. Node then starts it without
// tsx: no TypeScript compiled at each start and no module hooks between node and every file, which
// on a fresh clone was the first second of the start, while PostgreSQL waited to be set up.
// Dynamic imports stay chunks of their own (splitting), so `main.js` starts PostgreSQL before the
// services' code, and the libraries only they import, are loaded. Runs inside the checkout it was
// built from: each module keeps its own source location (esbuild-shared.mjs).
//
//   node tools/build/embedded.mjs            build
//   node tools/build/embedded.mjs --if-stale  build only when a source it was built from has changed
//                                             since (what `npm start` runs first, in ~20 ms)
import { existsSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = join(import.meta.dirname, '../..');
const outdir = join(root, '.build/embedded');
const inputsFile = join(outdir, 'inputs.json');
const builders = ['tools/build/embedded.mjs', 'tools/build/esbuild-shared.mjs'];

/** Whether the bundle is missing or older than a file it was built from (or than this script). */
function stale() {
  const main = join(outdir, 'main.js');
  if (!existsSync(main) || !existsSync(inputsFile)) return true;
  const builtAt = statSync(main).mtimeMs;
  const inputs = JSON.parse(readFileSync(inputsFile, 'utf8'));
  return [...inputs, ...builders].some((file) => {
    try {
      return statSync(join(root, file)).mtimeMs > builtAt;
    } catch {
      return true;
    }
  });
}

if (process.argv.includes('--if-stale') && !stale()) process.exit(0);
// Loaded only to build (esbuild alone takes ~150 ms to load).
const [{ build }, { nodeProcessOptions, sourceLocations, thirdPartyExternal }] = await Promise.all([
  import('esbuild'),
  import('./esbuild-shared.mjs'),
]);
const started = performance.now();
// Built aside and moved into place: a run starting meanwhile (two `make run`s at once) finds either
// the whole previous bundle or the whole new one.
const building = `${outdir}.${process.pid}`;
rmSync(building, { recursive: true, force: true });
const { metafile } = await build({
  entryPoints: [join(root, 'tools/src/embedded/main.ts')],
  outdir: building,
  ...nodeProcessOptions,
  splitting: true,
  plugins: [thirdPartyExternal, sourceLocations],
  metafile: true,
});
// Paths relative to the root, as esbuild gives them.
writeFileSync(join(building, 'inputs.json'), JSON.stringify(Object.keys(metafile.inputs)));
rmSync(outdir, { recursive: true, force: true });
try {
  renameSync(building, outdir);
} catch {
  // Another build put its bundle there first: built from the same sources, it serves as well.
  rmSync(building, { recursive: true, force: true });
}
console.log(`  ${relative(root, outdir)}/main.js built in ${Math.round(performance.now() - started)} ms`);
