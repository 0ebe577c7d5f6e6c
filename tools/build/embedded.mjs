// Compiles the embedded run (`make run`) to plain JavaScript: .build/embedded/main.js (and prepare.js,
// what npm start runs before it) and their chunks,
// our workspaces and the third-party packages inlined (native addons and packages that run a binary
// of their own stay in node_modules: esbuild-shared.mjs). Node then starts it without tsx (no
// TypeScript compiled at each start, no module hooks between node and every file) and without
// resolving and reading a thousand files of node_modules: on a fresh clone, loading the services'
// code fell from 1.5 s to 0.6 s of the start.
// Dynamic imports stay chunks of their own (splitting), so `main.js` starts PostgreSQL before the
// services' code, and the libraries only they import, are loaded. Runs inside the checkout it was
// built from: each module keeps its own source location (esbuild-shared.mjs).
//
//   node tools/build/embedded.mjs            build
//   node tools/build/embedded.mjs --if-stale  build only when a source it was built from has changed
//                                             since (what `npm start` runs first, in ~20 ms)
import {
  existsSync,
  mkdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, relative } from 'node:path';

const root = join(import.meta.dirname, '../..');
const outdir = join(root, '.build/embedded');
const inputsFile = join(outdir, 'inputs.json');
const builders = ['tools/build/embedded.mjs', 'tools/build/esbuild-shared.mjs'];

/**
 * Whether the bundle is missing, was built in another checkout (a copy keeps file times, but the
 * bundle names its sources' absolute paths), or a file it was built from (or this script, or a
 * manifest) changed since its build began.
 */
function stale() {
  if (!['main.js', 'prepare.js', 'inputs.json'].every((file) => existsSync(join(outdir, file)))) return true;
  const built = JSON.parse(readFileSync(inputsFile, 'utf8'));
  if (built.root !== root || typeof built.startedAt !== 'number') return true;
  // node_modules changes with an install, which rewrites node_modules/.package-lock.json.
  const installed = ['package.json', 'package-lock.json', 'node_modules/.package-lock.json'];
  return [...built.inputs, ...builders, ...installed, 'tsconfig.base.json'].some((file) => {
    try {
      return statSync(join(root, file)).mtimeMs >= built.startedAt;
    } catch {
      return true;
    }
  });
}

/** The folder node would load a bare import's package from, looking up from `dir` as node does. */
function packageFolder(name, dir) {
  for (let at = dir; ; at = dirname(at)) {
    const candidate = join(at, 'node_modules', name);
    if (existsSync(candidate)) return realpathSync(candidate);
    if (dirname(at) === at) return undefined;
  }
}

/**
 * Third-party imports stay imports, resolved from the bundle's folder, that is from the root's
 * node_modules. A workspace with its own version of a package (the gateway's undici, say) would get
 * the root's instead: such a package is linked into the bundle's own node_modules, which node looks
 * in first. Two workspaces needing two versions of one package cannot share a bundle: the build says so.
 */
function linkNestedPackages(bundleDir, metafile) {
  const wanted = new Map();
  for (const [input, { imports }] of Object.entries(metafile.inputs))
    for (const { path, external } of imports) {
      if (!external || path.startsWith('node:') || path.startsWith('.') || path.startsWith('/')) continue;
      const name = path.startsWith('@') ? path.split('/').slice(0, 2).join('/') : path.split('/')[0];
      const from = packageFolder(name, dirname(join(root, input)));
      if (!from || from === packageFolder(name, bundleDir)) continue;
      const other = wanted.get(name);
      if (other && other !== from)
        throw new Error(`${name} is needed in two versions (${other}, ${from}): one bundle cannot hold both`);
      wanted.set(name, from);
    }
  for (const [name, from] of wanted) {
    const link = join(bundleDir, 'node_modules', name);
    mkdirSync(dirname(link), { recursive: true });
    symlinkSync(from, link, 'dir');
  }
}

if (process.argv.includes('--if-stale') && !stale()) process.exit(0);
// Loaded only to build (esbuild alone takes ~150 ms to load).
const [{ build }, { nativeExternal, nodeProcessOptions, packageLocations, requireBanner, sourceLocations }] =
  await Promise.all([import('esbuild'), import('./esbuild-shared.mjs')]);
const started = performance.now();
const startedAt = Date.now();
// Built aside and moved into place: a run starting meanwhile (two `make run`s at once) finds either
// the whole previous bundle or the whole new one.
const building = `${outdir}.${process.pid}`;
rmSync(building, { recursive: true, force: true });
const { metafile } = await build({
  // prepare.js: what npm start makes once before the run (the PostgreSQL template, the demo media).
  entryPoints: [join(root, 'tools/src/embedded/main.ts'), join(root, 'tools/src/embedded/prepare.ts')],
  outdir: building,
  ...nodeProcessOptions,
  splitting: true,
  plugins: [nativeExternal, sourceLocations, packageLocations],
  banner: requireBanner,
  metafile: true,
});
// Paths relative to the root, as esbuild gives them.
writeFileSync(
  join(building, 'inputs.json'),
  JSON.stringify({
    root,
    startedAt,
    inputs: Object.keys(metafile.inputs).filter((input) => !input.includes('node_modules/')),
  }),
);
linkNestedPackages(building, metafile);
if (!stale()) {
  // Another build put a bundle of these same sources in place meanwhile: a run may be starting on it.
  rmSync(building, { recursive: true, force: true });
} else {
  // The old bundle goes aside before the new one moves in: no moment with half a bundle.
  const old = `${outdir}.old.${process.pid}`;
  if (existsSync(outdir)) renameSync(outdir, old);
  renameSync(building, outdir);
  rmSync(old, { recursive: true, force: true });
}
console.log(`  ${relative(root, outdir)}/main.js built in ${Math.round(performance.now() - started)} ms`);
