/**
 * What `make run` makes once at build time rather than at every fresh start (`npm start` runs it
 * before the run, as it builds the run's bundle): the PostgreSQL template a fresh data folder is
 * copied from (postgres-template.ts), the demo's pictures and video (demo-media.ts's cache) and
 * V8's compiled code of the services (compile-cache.ts).
 * Each is made only when missing or made from other inputs; when all are current this only hashes
 * a few files. A failure is said and the run goes on without it (initdb, drawing at the start).
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { COMPILE_CACHE, keepCompiledCode, useCompileCache } from './compile-cache';
import { currentPostgresTemplate, preparePostgresTemplate } from './postgres-template';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const MEDIA = join(repoRoot, '.build', 'demo-media');

/**
 * What the demo media were drawn from, for a quick "nothing to do": the code that draws them, the
 * demo venues' plans and the installed packages (sharp, ffmpeg). Each file in the cache is keyed on
 * its own inputs anyway (demo-media.ts): a picture this misses is drawn by the run, then kept.
 */
function mediaStamp(): string {
  const embedded = join(repoRoot, 'tools', 'src', 'embedded');
  const files = [
    join(embedded, 'demo-media.ts'),
    join(embedded, 'seed-directory.ts'),
    ...readdirSync(join(embedded, 'demo-venues'))
      .sort()
      .map((name) => join(embedded, 'demo-venues', name)),
    join(repoRoot, 'package-lock.json'),
  ];
  const hash = createHash('sha256');
  for (const file of files) hash.update(readFileSync(file));
  return join(MEDIA, `drawn-${hash.digest('hex').slice(0, 24)}`);
}

/** Every demo picture and video into the cache, then the stamp that says so. */
async function drawMedia(stamp: string): Promise<void> {
  const [{ drawDemoMedia }, { ffmpegPath }, sharp] = await Promise.all([
    import('./seed-directory'),
    import('@linksmate/platform/media'),
    import('sharp'),
  ]);
  sharp.default.cache(false);
  const media = drawDemoMedia(new Map(), ffmpegPath());
  await Promise.all([...media.pictures.values(), ...media.videos.values()]);
  mkdirSync(MEDIA, { recursive: true });
  for (const name of readdirSync(MEDIA)) if (name.startsWith('drawn-')) rmSync(join(MEDIA, name));
  writeFileSync(stamp, '');
}

const started = performance.now();
const made: string[] = [];
try {
  if (!currentPostgresTemplate()) {
    const { freePort } = await import('./ports');
    if ((await preparePostgresTemplate({ port: await freePort() })) === 'made')
      made.push('the PostgreSQL template (databases, migrations)');
  }
} catch (err) {
  console.warn(`  The PostgreSQL template could not be made (a fresh start runs initdb instead): ${err}`);
}
try {
  const stamp = mediaStamp();
  if (!existsSync(stamp)) {
    await drawMedia(stamp);
    made.push('the demo pictures and video');
  }
} catch (err) {
  console.warn(`  The demo pictures could not be drawn ahead (a fresh start draws them): ${err}`);
}
try {
  // The services' code compiled once, for the first start to load from the compile cache too.
  if (!existsSync(COMPILE_CACHE)) {
    useCompileCache();
    await Promise.all([import('./stack'), import('./seed')]);
    keepCompiledCode();
    made.push("the services' compiled code");
  }
} catch (err) {
  console.warn(`  The services' code could not be compiled ahead: ${err}`);
}
if (made.length) console.log(`  made ${made.join(' and ')} in ${Math.round(performance.now() - started)} ms`);
