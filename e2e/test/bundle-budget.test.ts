import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { get } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerWeb } from '../../gateway/src/web';

/**
 * The weight of the first page. "Initial" is what the browser must fetch before the home page can
 * render: the entry chunk and every chunk it imports statically (Vite lists them as modulepreload
 * links), plus the home screen's own chunk and its imports should the home page ever be lazy.
 * Sizes are gzip at level 9, as servers compress static files; 1 kB = 1,000 bytes.
 */
const BUDGET_KB = 165;

/**
 * The first screen as it crosses the wire: the bytes of JavaScript and CSS the home page loads
 * before it is interactive (the initial chunks and their stylesheets), as the gateway sends them to
 * a browser that accepts br, that is the build's prebuilt .br files. 1 kB = 1,000 bytes.
 */
const TRANSFER_BUDGET_KB = 155;

const dist = fileURLToPath(new URL('../../web/dist/', import.meta.url));

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  css?: string[];
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
  let initialCss: string[];

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
    initialCss = [...new Set([...keys].flatMap((key) => manifest[key]!.css ?? []))];
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

  it("when a landing page's painted HTML is read, then it loads what index.html loads and shows its page's heading once", () => {
    const index = readFileSync(join(dist, 'index.html'), 'utf8');
    const head = (html: string) =>
      [...html.matchAll(/<(?:script|link)[^>]*(?:src|href)="[^"]+"[^>]*>/g)].map((m) => m[0]);
    for (const [screen, heading] of [
      ['home', 'Your next round starts with the right partners'],
      ['venues', 'Discover Golf Venues'],
      ['events', 'Event Listings'],
      // The gateway puts the event's title in place of the token (gateway/src/event-page.ts).
      ['event', '__LINKSMATE_EVENT_TITLE__'],
      ['event-shell', null],
    ] as const) {
      const html = readFileSync(join(dist, 'first-screens', `${screen}.html`), 'utf8');
      expect(head(html), screen).toEqual(head(index));
      expect(html.match(/<main\b/g), screen).toHaveLength(1);
      expect(
        html.match(/<h1\b[^>]*>([^<]*)</g)?.map((h1) => h1.replace(/<h1\b[^>]*>|<$/g, '')) ?? [],
        screen,
      ).toEqual(heading ? [heading] : []);
    }
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

  describe('as the gateway serves it', () => {
    const web = Fastify({ logger: false });
    let base: string;

    beforeAll(async () => {
      await registerWeb(web, dist);
      base = await web.listen({ port: 0, host: '127.0.0.1' });
    });
    afterAll(() => web.close());

    /** The answer to a GET of `path` exactly as sent (fetch would decode it), bytes counted. */
    const fetchRaw = (path: string, acceptEncoding: string) =>
      new Promise<{ status: number; bytes: number; headers: Record<string, string | string[] | undefined> }>(
        (resolve, reject) => {
          get(`${base}${path}`, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
            let bytes = 0;
            res.on('data', (chunk: Buffer) => {
              bytes += chunk.length;
            });
            res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes, headers: res.headers }));
            res.on('error', reject);
          }).on('error', reject);
        },
      );

    /** The bytes of `file` on the wire for a browser that accepts br, and its coding. */
    async function transferred(file: string): Promise<{ bytes: number; encoding: string | undefined }> {
      const res = await fetchRaw(`/${file}`, 'gzip, deflate, br, zstd');
      expect(res.status, file).toBe(200);
      return { bytes: res.bytes, encoding: res.headers['content-encoding'] as string | undefined };
    }

    it(`when the home page's first JavaScript and CSS are fetched with br, then they come as br within ${TRANSFER_BUDGET_KB} kB`, async () => {
      const files = [...initialFiles, ...initialCss];
      expect(initialCss.length).toBeGreaterThan(0);
      const sizes = await Promise.all(
        files.map(async (file) => ({
          file,
          raw: readFileSync(join(dist, file)).length,
          ...(await transferred(file)),
        })),
      );
      sizes.sort((a, b) => b.bytes - a.bytes);
      const sum = (pick: (s: (typeof sizes)[number]) => number) => sizes.reduce((n, s) => n + pick(s), 0);
      const onWire = sum((s) => s.bytes);
      const table = sizes
        .map(
          ({ file, raw, bytes, encoding }) =>
            `  ${kB(bytes).padStart(9)} ${encoding ?? 'raw'}  (${kB(raw)} raw)  ${file}`,
        )
        .join('\n');
      const report = `home page first screen, JS + CSS on the wire with br: ${kB(onWire)} of ${TRANSFER_BUDGET_KB} kB (${kB(sum((s) => s.raw))} raw)\n${table}`;
      console.log(report);
      // Every file worth compressing (all but a few bytes of runtime) goes out as br.
      expect(sizes.filter((s) => s.raw > 1000 && s.encoding !== 'br').map((s) => s.file)).toEqual([]);
      expect(onWire, `over the budget:\n${report}`).toBeLessThanOrEqual(TRANSFER_BUDGET_KB * 1000);
    });

    it('when a page is fetched with br, then its HTML comes compressed and never cached without revalidation', async () => {
      for (const path of ['/', '/venues', '/events', '/events/1', '/login']) {
        const res = await fetchRaw(path, 'br');
        expect(res.headers['content-encoding'], path).toBe('br');
        expect(res.headers['cache-control'], path).toBe('no-cache');
        // The painted first screen, its markup and the page's own styles, stays a small part of the page.
        expect(res.bytes, path).toBeLessThanOrEqual(12_000);
      }
    });
  });
});
