import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import sharp from 'sharp';

/**
 * Pictures for the demo galleries, drawn rather than photographed: a golf hole under a sky, varied
 * by a seed (time of day, coast or bush or desert, fairway bend, bunkers, flag colour), so every
 * venue's gallery looks its own and nothing needs a licence or a download.
 */
export type Scenery = 'parkland' | 'links' | 'desert' | 'tropical';

export interface SceneOptions {
  seed: string;
  scenery: Scenery;
  width?: number;
  height?: number;
}

/** A small deterministic generator (mulberry32) seeded from a string, so a seed always draws the same scene. */
export function seededRandom(seed: string): () => number {
  let h = 1779033703 ^ seed.length;
  for (let i = 0; i < seed.length; i++) {
    h = Math.imul(h ^ seed.charCodeAt(i), 3432918353);
    h = (h << 13) | (h >>> 19);
  }
  let a = h >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SKIES = [
  { top: '#2f80d1', bottom: '#bfe4ff', sun: '#fff6c9' }, // midday
  { top: '#4a6fa5', bottom: '#ffd29d', sun: '#ffe3a3' }, // morning
  { top: '#2b2d6e', bottom: '#f6a26b', sun: '#ffcf8a' }, // dusk
  { top: '#5aa7e0', bottom: '#e8f6ff', sun: '#ffffff' }, // clear winter
];
const FLAGS = ['#e63946', '#ffd60a', '#ffffff', '#f77f00', '#3a86ff'];

const LANDS: Record<Scenery, { far: string; rough: string; fairway: string; green: string; sand: string }> = {
  parkland: { far: '#5d8a66', rough: '#3f7d3a', fairway: '#6fbf4a', green: '#8fd96b', sand: '#efe0b9' },
  links: { far: '#9cb59a', rough: '#8a9a5b', fairway: '#a3c162', green: '#b7d77a', sand: '#f1e4c3' },
  desert: { far: '#b5533c', rough: '#c97b4a', fairway: '#5fae48', green: '#86cf63', sand: '#e9c89a' },
  tropical: { far: '#2f6b4f', rough: '#2e7d32', fairway: '#5cb85c', green: '#7fd17a', sand: '#f3e6c4' },
};

const f = (n: number) => n.toFixed(1);

/** The scene as SVG: sky, horizon (sea, dunes, ranges or bush), a fairway bending to a green with a flag, bunkers and trees. */
export function sceneSvg({ seed, scenery, width = 1280, height = 800 }: SceneOptions): string {
  const rnd = seededRandom(`${seed}:${scenery}`);
  const pick = <T>(items: readonly T[]) => items[Math.floor(rnd() * items.length)]!;
  const between = (lo: number, hi: number) => lo + rnd() * (hi - lo);
  const sky = pick(SKIES);
  const land = LANDS[scenery];
  const horizon = height * between(0.42, 0.52);
  const parts: string[] = [];

  parts.push(
    `<defs>
      <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky.top}"/><stop offset="1" stop-color="${sky.bottom}"/></linearGradient>
      <radialGradient id="sun"><stop offset="0" stop-color="${sky.sun}"/><stop offset="0.35" stop-color="${sky.sun}" stop-opacity="0.8"/><stop offset="1" stop-color="${sky.sun}" stop-opacity="0"/></radialGradient>
      <linearGradient id="fairway" x1="0" y1="1" x2="0" y2="0"><stop offset="0" stop-color="${land.fairway}"/><stop offset="1" stop-color="${land.far}"/></linearGradient>
      <linearGradient id="ground" x1="0" y1="1" x2="0" y2="0"><stop offset="0" stop-color="${land.rough}"/><stop offset="1" stop-color="${land.far}"/></linearGradient>
    </defs>`,
    `<rect width="${width}" height="${height}" fill="url(#sky)"/>`,
  );
  const sunX = width * between(0.1, 0.9);
  const sunY = horizon * between(0.2, 0.7);
  parts.push(`<circle cx="${f(sunX)}" cy="${f(sunY)}" r="${f(height * 0.22)}" fill="url(#sun)"/>`);
  for (let i = 0, n = 2 + Math.floor(rnd() * 4); i < n; i++) {
    const cx = width * rnd();
    const cy = horizon * between(0.1, 0.6);
    const w = width * between(0.08, 0.18);
    parts.push(
      `<g fill="#ffffff" opacity="${f(between(0.55, 0.85))}"><ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(w)}" ry="${f(w * 0.22)}"/><ellipse cx="${f(cx - w * 0.35)}" cy="${f(cy - w * 0.12)}" rx="${f(w * 0.45)}" ry="${f(w * 0.25)}"/><ellipse cx="${f(cx + w * 0.3)}" cy="${f(cy - w * 0.1)}" rx="${f(w * 0.4)}" ry="${f(w * 0.22)}"/></g>`,
    );
  }

  // The horizon: sea for links, red ranges for the desert, blue-green hills elsewhere.
  if (scenery === 'links' || (scenery === 'tropical' && rnd() < 0.5)) {
    parts.push(
      `<rect y="${f(horizon - height * 0.05)}" width="${width}" height="${f(height * 0.08)}" fill="#2f7fb5"/>`,
      `<rect y="${f(horizon - height * 0.05)}" width="${width}" height="${f(height * 0.012)}" fill="#7fc4e8" opacity="0.7"/>`,
    );
  } else {
    const ridge = scenery === 'desert' ? '#a2452f' : '#7f9fb0';
    let d = `M0 ${f(horizon)}`;
    for (let x = 0; x <= width; x += width / 6) {
      d += ` Q${f(x + width / 12)} ${f(horizon - height * between(0.04, 0.16))} ${f(x + width / 6)} ${f(horizon - height * between(0, 0.04))}`;
    }
    parts.push(`<path d="${d} L${width} ${height} L0 ${height} Z" fill="${ridge}" opacity="0.85"/>`);
  }

  // The ground, then the fairway from the bottom of the picture to the green, bending left or right.
  parts.push(
    `<rect y="${f(horizon)}" width="${width}" height="${f(height - horizon)}" fill="url(#ground)"/>`,
  );
  if (scenery === 'links') {
    for (let i = 0; i < 5; i++) {
      const x = width * rnd();
      parts.push(
        `<ellipse cx="${f(x)}" cy="${f(horizon + height * between(0.02, 0.12))}" rx="${f(width * between(0.08, 0.2))}" ry="${f(height * between(0.03, 0.07))}" fill="${land.rough}" opacity="0.8"/>`,
      );
    }
  }
  const greenX = width * between(0.3, 0.7);
  const greenY = horizon + (height - horizon) * between(0.12, 0.22);
  const bend = width * between(-0.25, 0.25);
  const baseLeft = width * between(0.1, 0.3);
  const baseRight = width * between(0.7, 0.9);
  const fairway = `M${f(baseLeft)} ${height} C${f(baseLeft + bend)} ${f(height - (height - greenY) * 0.55)} ${f(greenX - width * 0.12)} ${f(greenY + 30)} ${f(greenX - width * 0.07)} ${f(greenY)} L${f(greenX + width * 0.07)} ${f(greenY)} C${f(greenX + width * 0.12)} ${f(greenY + 30)} ${f(baseRight + bend)} ${f(height - (height - greenY) * 0.55)} ${f(baseRight)} ${height} Z`;
  parts.push(
    `<clipPath id="mown"><path d="${fairway}"/></clipPath>`,
    `<path d="${fairway}" fill="url(#fairway)"/>`,
  );
  // Mowing stripes across the fairway, narrowing towards the green.
  for (let i = 1; i < 7; i++) {
    const y = greenY + ((height - greenY) * i) / 7;
    parts.push(
      `<rect x="0" y="${f(y)}" width="${width}" height="${f(((height - greenY) / 14) * (i / 7))}" fill="#ffffff" opacity="0.08" clip-path="url(#mown)"/>`,
    );
  }
  parts.push(
    `<ellipse cx="${f(greenX)}" cy="${f(greenY)}" rx="${f(width * 0.09)}" ry="${f(height * 0.025)}" fill="${land.green}"/>`,
  );
  for (let i = 0, n = 1 + Math.floor(rnd() * 3); i < n; i++) {
    const side = rnd() < 0.5 ? -1 : 1;
    const bx = greenX + side * width * between(0.07, 0.14);
    const by = greenY + height * between(0.0, 0.04);
    parts.push(
      `<ellipse cx="${f(bx)}" cy="${f(by)}" rx="${f(width * between(0.025, 0.05))}" ry="${f(height * 0.012)}" fill="${land.sand}" stroke="#d9c596" stroke-width="2"/>`,
    );
  }
  for (let i = 0, n = Math.floor(rnd() * 3); i < n; i++) {
    const bx = width * between(0.25, 0.75);
    const by = greenY + (height - greenY) * between(0.35, 0.7);
    parts.push(
      `<ellipse cx="${f(bx)}" cy="${f(by)}" rx="${f(width * between(0.04, 0.08))}" ry="${f(height * between(0.015, 0.03))}" fill="${land.sand}" stroke="#d9c596" stroke-width="2"/>`,
    );
  }
  const poleTop = greenY - height * 0.09;
  parts.push(
    `<ellipse cx="${f(greenX)}" cy="${f(greenY + 2)}" rx="5" ry="2" fill="#1b3b1b"/>`,
    `<line x1="${f(greenX)}" y1="${f(greenY)}" x2="${f(greenX)}" y2="${f(poleTop)}" stroke="#f4f4f4" stroke-width="3"/>`,
    `<path d="M${f(greenX)} ${f(poleTop)} L${f(greenX + width * 0.035)} ${f(poleTop + height * 0.013)} L${f(greenX)} ${f(poleTop + height * 0.026)} Z" fill="${pick(FLAGS)}"/>`,
  );

  // Trees at the sides: round gums in the bush, palms in the tropics, a few low shrubs on the links and in the desert.
  const trees = scenery === 'parkland' ? 9 : scenery === 'tropical' ? 6 : 4;
  for (let i = 0; i < trees; i++) {
    const left = i % 2 === 0;
    const x = left ? width * between(0, 0.18) : width * between(0.82, 1);
    const y = horizon + (height - horizon) * between(0.05, 0.6);
    const scale = 0.5 + (y - horizon) / (height - horizon);
    if (scenery === 'tropical') {
      const top = y - 140 * scale;
      parts.push(
        `<path d="M${f(x)} ${f(y)} Q${f(x + 12 * scale)} ${f(y - 70 * scale)} ${f(x + 4 * scale)} ${f(top)}" stroke="#6d4c2f" stroke-width="${f(7 * scale)}" fill="none"/>`,
      );
      for (const angle of [-150, -110, -70, -30, 10]) {
        const rad = (angle * Math.PI) / 180;
        parts.push(
          `<path d="M${f(x + 4 * scale)} ${f(top)} q${f(Math.cos(rad) * 40 * scale)} ${f(Math.sin(rad) * 25 * scale - 10 * scale)} ${f(Math.cos(rad) * 75 * scale)} ${f(Math.sin(rad) * 45 * scale + 25 * scale)}" stroke="#1f6b3a" stroke-width="${f(6 * scale)}" fill="none" stroke-linecap="round"/>`,
        );
      }
    } else if (scenery === 'parkland') {
      parts.push(
        `<rect x="${f(x - 4 * scale)}" y="${f(y - 60 * scale)}" width="${f(8 * scale)}" height="${f(60 * scale)}" fill="#8d7b68"/>`,
        `<circle cx="${f(x)}" cy="${f(y - 80 * scale)}" r="${f(38 * scale)}" fill="#2e5e33"/>`,
        `<circle cx="${f(x - 22 * scale)}" cy="${f(y - 62 * scale)}" r="${f(26 * scale)}" fill="#3b6e3b"/>`,
        `<circle cx="${f(x + 24 * scale)}" cy="${f(y - 66 * scale)}" r="${f(28 * scale)}" fill="#356636"/>`,
      );
    } else {
      parts.push(
        `<ellipse cx="${f(x)}" cy="${f(y)}" rx="${f(34 * scale)}" ry="${f(14 * scale)}" fill="${scenery === 'desert' ? '#7a8f4e' : '#6f7f45'}"/>`,
      );
    }
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${parts.join('')}</svg>`;
}

/**
 * Drawn pictures and encoded videos, each kept under a hash of everything it is made from (the
 * scene's SVG, the encoder and its settings): the same scene is drawn once per clone, at build
 * time (prepare.ts), not at every fresh start, and a changed scene is a new file. Best effort: a
 * folder that cannot be written to only means drawing again.
 */
const MEDIA_CACHE = fileURLToPath(new URL('../../../.build/demo-media/', import.meta.url));

async function cached(inputs: string[], extension: string, make: () => Promise<Buffer>): Promise<Buffer> {
  const hash = createHash('sha256');
  for (const input of inputs) hash.update(`${input}\0`);
  const file = join(MEDIA_CACHE, `${hash.digest('hex').slice(0, 32)}.${extension}`);
  try {
    return await readFile(file);
  } catch {}
  const made = await make();
  try {
    await mkdir(MEDIA_CACHE, { recursive: true });
    const partial = `${file}.${process.pid}`;
    await writeFile(partial, made);
    await rename(partial, file);
  } catch {}
  return made;
}

const JPEG = { quality: 82 } as const;

/** A scene as a JPEG, as a phone camera would hand it over. */
export async function sceneJpeg(options: SceneOptions): Promise<Buffer> {
  const svg = sceneSvg(options);
  return cached(['jpeg', sharp.versions.vips, JSON.stringify(JPEG), svg], 'jpg', () =>
    sharp(Buffer.from(svg)).jpeg(JPEG).toBuffer(),
  );
}

const run = promisify(execFile);

/**
 * A few seconds of video panning across a wide scene, encoded as H.264 MP4 (what browsers play)
 * by the given ffmpeg binary.
 */
export async function panVideo(
  ffmpegPath: string,
  options: SceneOptions & { seconds?: number },
): Promise<Buffer> {
  const width = 960;
  const height = 540;
  const seconds = options.seconds ?? 3;
  const svg = sceneSvg({ ...options, width: width * 2, height });
  const encoding = [
    '-hide_banner',
    '-loglevel',
    'error',
    '-loop',
    '1',
    '-i',
    'scene.png',
    '-vf',
    `crop=${width}:${height}:x='(iw-${width})*t/${seconds}':y=0,format=yuv420p`,
    '-t',
    String(seconds),
    '-r',
    '24',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-crf',
    '30',
    // One encoding thread: x264 gives each thread its own frames, and this is three seconds of video.
    '-threads',
    '1',
    '-movflags',
    '+faststart',
    '-y',
    'pan.mp4',
  ];
  return cached(['mp4', ffmpegPath, sharp.versions.vips, ...encoding, svg], 'mp4', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'linksmate-demo-video-'));
    try {
      await writeFile(join(dir, 'scene.png'), await sharp(Buffer.from(svg)).png().toBuffer());
      await run(ffmpegPath, encoding, { cwd: dir });
      return await readFile(join(dir, 'pan.mp4'));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
}
