import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The weight of the first page. "Initial" is what the browser must fetch before the home page can
 * render: the entry chunk and every chunk it imports statically (Vite lists them as modulepreload
 * links), plus the home screen's own chunk and its imports should the home page ever be lazy.
 * Sizes are gzip at level 9, as servers compress static files; 1 kB = 1,000 bytes.
 */
const BUDGET_KB = 180;

const dist = fileURLToPath(new URL('../../web/dist/', import.meta.url));

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const gzipBytes = (file: string) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

/** The chunk and everything it imports statically, as manifest keys. */
function staticClosure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) staticClosure(manifest, imported, seen);
  return seen;
}

/** The original modules a built chunk was made from, read from its source map (the bundler's own runtime has none). */
function sourcesOf(file: string): string[] {
  const mapPath = join(dist, `${file}.map`);
  if (!existsSync(mapPath)) return [];
  return (JSON.parse(readFileSync(mapPath, 'utf8')) as { sources: string[] }).sources;
}

describe('the web build', () => {
  let manifest: Manifest;
  let initialFiles: string[];

  beforeAll(() => {
    const manifestPath = join(dist, '.vite', 'manifest.json');
    if (!existsSync(manifestPath))
      throw new Error(`${manifestPath} is missing: build the web first (npm run build -w web, or make e2e).`);
    manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
    const entries = Object.keys(manifest).filter((key) => manifest[key]!.isEntry);
    const lazyHome = Object.keys(manifest).filter(
      (key) => manifest[key]!.isDynamicEntry && key.startsWith('src/features/home/'),
    );
    const keys = new Set<string>();
    for (const key of [...entries, ...lazyHome]) staticClosure(manifest, key, keys);
    initialFiles = [...keys].map((key) => manifest[key]!.file).filter((file) => file.endsWith('.js'));
  });

  it('when index.html is read, then it preloads exactly the initial chunks the manifest gives', () => {
    const html = readFileSync(join(dist, 'index.html'), 'utf8');
    const referenced = [
      ...html.matchAll(/<(?:script type="module"[^>]*src|link rel="modulepreload"[^>]*href)="\/([^"]+)"/g),
    ]
      .map((match) => match[1]!)
      .sort();
    expect(referenced).toEqual([...initialFiles].sort());
  });

  it(`when the home page's initial JavaScript is gzipped, then it stays within ${BUDGET_KB} kB`, () => {
    const sizes = initialFiles
      .map((file) => ({ file, bytes: gzipBytes(file) }))
      .sort((a, b) => b.bytes - a.bytes);
    const initial = sizes.reduce((sum, { bytes }) => sum + bytes, 0);
    const allScripts = readdirSync(join(dist, 'assets')).filter((file) => file.endsWith('.js'));
    const total = allScripts.reduce((sum, file) => sum + gzipBytes(join('assets', file)), 0);
    const table = sizes.map(({ file, bytes }) => `  ${kB(bytes).padStart(9)}  ${file}`).join('\n');
    const report = `home page initial JavaScript (gzip -9): ${kB(initial)} of ${BUDGET_KB} kB\n${table}\nall ${allScripts.length} scripts of the build: ${kB(total)}`;
    console.log(report);
    expect(initial, `over the budget:\n${report}`).toBeLessThanOrEqual(BUDGET_KB * 1000);
  });

  it('when the initial chunks are taken apart, then none carries TypeBox, Stripe or socket.io', () => {
    const heavy = /node_modules\/(typebox|@stripe|socket\.io-client|engine\.io-client)\//;
    const found = initialFiles.flatMap((file) =>
      sourcesOf(file)
        .filter((source) => heavy.test(source))
        .map((source) => `${file}: ${source}`),
    );
    expect(found).toEqual([]);
  });

  it('when any chunk is taken apart, then none carries TypeBox (the services validate, the web does not)', () => {
    const scripts = readdirSync(join(dist, 'assets')).filter((file) => file.endsWith('.js'));
    const found = scripts.flatMap((file) =>
      sourcesOf(join('assets', file)).filter((source) => source.includes('node_modules/typebox/')),
    );
    expect(found).toEqual([]);
  });
});
