import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'vite';

/** Where the landing pages' HTML goes in the build; the gateway serves `<screen>.html` from here. */
export const FIRST_SCREENS_DIR = 'first-screens';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

interface FirstScreensModule {
  FIRST_SCREENS: Record<string, { source: string | null; documentTitle?: string }>;
  renderFirstScreen(screen: string): string;
}

/** The stylesheets of a chunk and of everything it imports statically. */
function stylesheetsOf(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  const sheets = new Set<string>();
  if (seen.has(key)) return sheets;
  seen.add(key);
  for (const sheet of manifest[key]?.css ?? []) sheets.add(sheet);
  for (const imported of manifest[key]?.imports ?? []) {
    for (const sheet of stylesheetsOf(manifest, imported, seen)) sheets.add(sheet);
  }
  return sheets;
}

/**
 * The landing pages' first screen painted by the HTML, before any script runs: the app's header and
 * the page as it looks while its data loads (src/app/first-screens.tsx, rendered to a string by a
 * server build of that module), in `first-screens/<screen>.html`, a copy of index.html with the
 * markup inside `<div id="root">`, the stylesheets of the page's chunk inlined in the head (the chunk
 * brings them again when it loads: the same rules) and Mantine's light scheme on
 * `<html>`, as MantineProvider sets it once mounted. The app replaces the markup when it mounts.
 * Runs when the files are written, so the precompress step (closeBundle) covers the pages too.
 */
export function firstScreens(): Plugin {
  let root = '';
  let outDir = '';
  let configFile: string | undefined;
  return {
    name: 'linksmate:first-screens',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      root = config.root;
      outDir = join(config.root, config.build.outDir);
      configFile = config.configFile;
    },
    async writeBundle() {
      // Inside the package, so the server build's imports of React and Mantine resolve from node_modules.
      await mkdir(join(root, 'node_modules'), { recursive: true });
      const serverOut = await mkdtemp(join(root, 'node_modules', '.first-screens-'));
      try {
        await build({
          configFile,
          root,
          logLevel: 'warn',
          build: {
            ssr: 'src/app/first-screens.tsx',
            outDir: serverOut,
            emptyOutDir: true,
            manifest: false,
            sourcemap: false,
            copyPublicDir: false,
          },
        });
        const rendered = (await import(
          pathToFileURL(join(serverOut, 'first-screens.js')).href
        )) as FirstScreensModule;
        const index = await readFile(join(outDir, 'index.html'), 'utf8');
        const manifest = JSON.parse(
          await readFile(join(outDir, '.vite', 'manifest.json'), 'utf8'),
        ) as Manifest;
        const entrySheets = new Set<string>();
        for (const key of Object.keys(manifest).filter((key) => manifest[key]!.isEntry)) {
          for (const sheet of stylesheetsOf(manifest, key)) entrySheets.add(sheet);
        }
        await mkdir(join(outDir, FIRST_SCREENS_DIR), { recursive: true });
        for (const [screen, { source, documentTitle }] of Object.entries(rendered.FIRST_SCREENS)) {
          const sheets = source
            ? [...stylesheetsOf(manifest, source)].filter((s) => !entrySheets.has(s))
            : [];
          // Inline: a dozen small sheets, each a request the first paint would wait for.
          const css = (await Promise.all(sheets.map((sheet) => readFile(join(outDir, sheet), 'utf8')))).join(
            '\n',
          );
          const styles = css ? `<style>${css}</style>` : '';
          const html = index
            .replace('<html lang="en-AU">', '<html lang="en-AU" data-mantine-color-scheme="light">')
            .replace(/<title>[^<]*<\/title>/, (title) =>
              documentTitle ? `<title>${documentTitle}</title>` : title,
            )
            .replace('</head>', () => `${styles}</head>`)
            .replace(
              '<div id="root"></div>',
              () => `<div id="root">${rendered.renderFirstScreen(screen)}</div>`,
            );
          if (!html.includes('data-mantine-color-scheme') || html.includes('<div id="root"></div>'))
            throw new Error(`first-screens: index.html no longer has the shape ${screen}.html is made from`);
          if (documentTitle && !html.includes(`<title>${documentTitle}</title>`))
            throw new Error(`first-screens: ${screen}.html has no <title> to put its own in`);
          await writeFile(join(outDir, FIRST_SCREENS_DIR, `${screen}.html`), html);
        }
        this.info(`first screens painted: ${Object.keys(rendered.FIRST_SCREENS).join(', ')}`);
      } finally {
        await rm(serverOut, { recursive: true, force: true });
      }
    },
  };
}
