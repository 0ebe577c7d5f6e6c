import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runInNewContext } from 'node:vm';
import { beforeAll, describe, expect, it } from 'vitest';

const dist = fileURLToPath(new URL('../../web/dist/', import.meta.url));

type Manifest = Record<string, { file: string; isEntry?: boolean; imports?: string[]; css?: string[] }>;
interface AddedLink {
  rel: string;
  href: string;
  as?: string;
  crossOrigin?: string;
}

function staticClosure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) staticClosure(manifest, imported, seen);
  return seen;
}

/** Runs the build's first-screen script as a browser would at `pathname`: the links it adds to <head>. */
function linksAddedAt(pathname: string): AddedLink[] {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const src = /<script async src="\/(assets\/first-screen-[\w-]+\.js)"><\/script>/.exec(html)?.[1];
  if (!src) throw new Error('index.html does not load the first-screen script');
  const added: AddedLink[] = [];
  const document = {
    createDocumentFragment: () => {
      const children: AddedLink[] = [];
      return { children, appendChild: (link: AddedLink) => children.push(link) };
    },
    createElement: () => ({}),
    head: { appendChild: (fragment: { children: AddedLink[] }) => added.push(...fragment.children) },
  };
  runInNewContext(readFileSync(join(dist, src), 'utf8'), { location: { pathname }, document });
  return added;
}

describe('the first-screen script of the web build', () => {
  let manifest: Manifest;
  let loadedWithTheApp: Set<string>;

  beforeAll(() => {
    const manifestPath = join(dist, '.vite', 'manifest.json');
    if (!existsSync(manifestPath))
      throw new Error(`${manifestPath} is missing: build the web first (npm run build -w web, or make e2e).`);
    manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
    const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry)!;
    loadedWithTheApp = staticClosure(manifest, entry);
  });

  /** What a screen's route chunk needs beyond the app's own first load: its chunks and its stylesheets. */
  function needs(moduleKey: string) {
    const keys = [...staticClosure(manifest, moduleKey)].filter((key) => !loadedWithTheApp.has(key));
    const appCss = new Set([...loadedWithTheApp].flatMap((key) => manifest[key]!.css ?? []));
    return {
      scripts: keys.map((key) => `/${manifest[key]!.file}`).sort(),
      styles: [...new Set(keys.flatMap((key) => manifest[key]!.css ?? []))]
        .filter((file) => !appCss.has(file))
        .map((file) => `/${file}`)
        .sort(),
    };
  }

  const asked = (links: AddedLink[]) => ({
    scripts: links
      .filter((link) => link.rel === 'modulepreload')
      .map((link) => link.href)
      .sort(),
    styles: links
      .filter((link) => link.rel === 'preload' && link.as === 'style')
      .map((link) => link.href)
      .sort(),
  });

  it('when /venues is opened, then the venue list chunk, the chunks it imports and their styles are asked for at once', () => {
    const links = linksAddedAt('/venues');
    const expected = needs('src/features/venues/routes/VenuesPage.tsx');
    expect(expected.scripts.length).toBeGreaterThan(1);
    expect(expected.styles.length).toBeGreaterThan(0);
    expect(asked(links)).toEqual(expected);
    // Fetched as the router's dynamic import will ask for them (CORS, same-origin credentials), so they are reused.
    expect(links.every((link) => link.crossOrigin === '')).toBe(true);
  });

  it('when an event page or /players is opened, then that screen is asked for, not another', () => {
    expect(asked(linksAddedAt('/events/12'))).toEqual(
      needs('src/features/events/routes/EventDetailPage.tsx'),
    );
    expect(asked(linksAddedAt('/events'))).toEqual(needs('src/features/events/routes/EventsPage.tsx'));
    expect(asked(linksAddedAt('/players'))).toEqual(needs('src/features/players/index.ts'));
  });

  it('when the home page or a screen not listed is opened, then nothing more is asked for', () => {
    expect(linksAddedAt('/')).toEqual([]);
    expect(linksAddedAt('/venues/12/reviews')).toEqual([]);
    expect(linksAddedAt('/admin')).toEqual([]);
  });
});
