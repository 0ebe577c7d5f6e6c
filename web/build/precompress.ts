import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** What is worth compressing: text. Images, fonts and source maps (fetched by developers only) are not. */
export const PRECOMPRESSED_EXTENSIONS = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml)$/i;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return (
    entries
      // Not .vite/ (the manifest is read by tests, never served).
      .filter(
        (entry) =>
          entry.isFile() && PRECOMPRESSED_EXTENSIONS.test(entry.name) && !entry.parentPath.includes('/.'),
      )
      .map((entry) => join(entry.parentPath, entry.name))
  );
}

/**
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9) beside every compressible
 * file of the build, so the gateway sends them as they are and spends no CPU compressing the app.
 * Done once per build, so at the highest levels. A compressed copy no smaller than the file is not
 * written: the gateway then sends the file.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'linksmate:precompress',
    // Not the server build of the first screens (first-screens.ts), which is read once and deleted.
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      outDir = join(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = await filesUnder(outDir);
      await Promise.all(
        files.map(async (file) => {
          const body = await readFile(file);
          const [br, gz] = await Promise.all([
            brotli(body, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
                [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
              },
            }),
            gzipAsync(body, { level: 9 }),
          ]);
          if (br.length < body.length) await writeFile(`${file}.br`, br);
          if (gz.length < body.length) await writeFile(`${file}.gz`, gz);
        }),
      );
      this.info(`precompressed ${files.length} files (.br, .gz)`);
    },
  };
}
