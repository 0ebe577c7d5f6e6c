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
      const text = await readFile(args.path, 'utf8');
      const contents = text
        .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href))
        .replaceAll('import.meta.dirname', JSON.stringify(dirname(args.path)))
        .replaceAll('import.meta.filename', JSON.stringify(args.path));
      return { contents, loader: 'ts' };
    });
  },
};
