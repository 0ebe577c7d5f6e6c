import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkImage,
  ffmpegPath,
  inspectVideo,
  MediaRejected,
  type MediaRejection,
  receiveMedia,
  reencodeImage,
  runFfmpeg,
  sniffImageType,
  sniffVideoType,
  type VideoType,
  videoThumbnail,
  withTempDir,
} from '../src/media';
import { makeTestVideo } from '../src/testing';

const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 120, b: 60 } } });

/** What a rejected promise was rejected for, or a failure when it was not a MediaRejected. */
async function rejection(promise: Promise<unknown>): Promise<MediaRejection> {
  const error = await promise.then(
    () => null,
    (err: unknown) => err,
  );
  if (!(error instanceof MediaRejected)) throw new Error(`expected a MediaRejected, got ${String(error)}`);
  return error.reason;
}

/** A stream of the bytes in chunks of the given size, as an upload arrives. */
const chunked = (bytes: Buffer, size = 1000) =>
  Readable.from(
    Array.from({ length: Math.ceil(bytes.length / size) }, (_, i) =>
      bytes.subarray(i * size, (i + 1) * size),
    ),
  );

const VIDEO_TYPES: VideoType[] = ['mp4', 'mov', '3gp', 'avi', 'webm'];

describe('media: the ffmpeg binary', () => {
  it("when the system has ffmpeg on its PATH, then that maintained one runs, not the npm package's 2018 build", async () => {
    const system = ffmpegPath({ PATH: '/usr/local/bin:/usr/bin:/bin' });
    expect(system).toMatch(/^\/usr\/(local\/)?bin\/ffmpeg$/);
    expect(ffmpegPath()).toBe(system);
    const version = (await runFfmpeg(['-hide_banner', '-version'])).toString();
    expect(version).toMatch(/^ffmpeg version/);
    // The static build says `ffmpeg version 4.x-static` and was built in 2018.
    expect(version).not.toMatch(/static/);
  });

  it("when FFMPEG_PATH is set, then it wins; when no ffmpeg is on the PATH, then the npm package's binary is the fallback", () => {
    expect(ffmpegPath({ FFMPEG_PATH: '/opt/ffmpeg/bin/ffmpeg', PATH: '/usr/bin' })).toBe(
      '/opt/ffmpeg/bin/ffmpeg',
    );
    expect(ffmpegPath({ PATH: '/nonexistent:/proc' })).toContain('@ffmpeg-installer');
  });

  it('when ffmpeg runs past its time limit, then it is killed and the failure says so', async () => {
    const started = Date.now();
    const error = await runFfmpeg(
      ['-nostdin', '-re', '-f', 'lavfi', '-i', 'testsrc=duration=60', '-f', 'null', '-'],
      { timeoutMs: 500 },
    ).catch((err: unknown) => err);
    expect(error).toMatchObject({ name: 'FfmpegFailed', reason: 'timeout' });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('when the binary is missing, then the failure is the host’s (unavailable), not the file’s', async () => {
    const before = process.env.FFMPEG_PATH;
    process.env.FFMPEG_PATH = '/nonexistent/ffmpeg';
    try {
      const error = await runFfmpeg(['-version']).catch((err: unknown) => err);
      expect(error).toMatchObject({ name: 'FfmpegFailed', reason: 'unavailable' });
      const bytes = await makeTestVideo('mp4').catch(() => null);
      expect(bytes).toBeNull();
    } finally {
      if (before === undefined) delete process.env.FFMPEG_PATH;
      else process.env.FFMPEG_PATH = before;
    }
  });
});

describe('media: videos', () => {
  const videos = new Map<VideoType, Buffer>();
  let dir: string;

  beforeAll(async () => {
    for (const type of VIDEO_TYPES) videos.set(type, await makeTestVideo(type));
    dir = mkdtempSync(join(tmpdir(), 'lm-media-test-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const fileOf = (name: string, bytes: Buffer) => {
    const path = join(dir, name);
    writeFileSync(path, bytes);
    return path;
  };

  it('when each accepted type is sniffed, then its first bytes name it, whatever the file is called', () => {
    for (const type of VIDEO_TYPES) expect(sniffVideoType(videos.get(type)!), type).toBe(type);
    expect(sniffVideoType(Buffer.from('not a video at all'))).toBeNull();
    // Matroska that is not WebM, and an MP4 audio file, are not among the accepted videos.
    const mkv = Buffer.from(videos.get('webm')!);
    mkv.write('matr', mkv.indexOf('webm'), 'latin1');
    expect(sniffVideoType(mkv)).toBeNull();
    const m4a = Buffer.from(videos.get('mp4')!.subarray(0, 64));
    m4a.write('M4A ', 8, 'latin1');
    for (let at = 16; at < m4a.readUInt32BE(0); at += 4) m4a.write('M4A ', at, 'latin1');
    expect(sniffVideoType(m4a)).toBeNull();
  });

  it('when a real video of each type is inspected and thumbnailed, then a JPEG that sharp reads comes out', async () => {
    for (const type of VIDEO_TYPES) {
      const path = fileOf(`ok.${type}`, videos.get(type)!);
      expect(await inspectVideo(path), type).toBe(type);
      const jpeg = await videoThumbnail({ path });
      const metadata = await sharp(jpeg).metadata();
      expect(metadata.format, type).toBe('jpeg');
      expect(metadata.width, type).toBe(type === '3gp' ? 176 : 160);
    }
  });

  it('when a video is given as bytes, then it is thumbnailed through a temporary file that is removed', async () => {
    const root = mkdtempSync(join(tmpdir(), 'lm-media-root-'));
    const jpeg = await videoThumbnail(videos.get('webm')!, { tempRoot: root });
    expect((await sharp(jpeg).metadata()).format).toBe('jpeg');
    expect(readdirSync(root)).toEqual([]);
    rmSync(root, { recursive: true });
  });

  it('when a large video is thumbnailed, then the thumbnail fits in 640 pixels', async () => {
    const big = await makeTestVideo('mp4', { width: 1280, height: 720 });
    const metadata = await sharp(await videoThumbnail(big)).metadata();
    expect(metadata).toMatchObject({ format: 'jpeg', width: 640, height: 360 });
  });

  it('when a video carries a script or an archive after its end, then it is refused as not what it claims', async () => {
    for (const type of VIDEO_TYPES) {
      const video = videos.get(type)!;
      for (const [tail, label] of [
        ['<script>alert(document.domain)</script>', 'script'],
        ['PK\u0003\u0004 an archive follows', 'archive'],
        ['junk', 'a few bytes'],
      ] as const) {
        const path = fileOf(`poly.${type}`, Buffer.concat([video, Buffer.from(tail, 'latin1')]));
        expect(await rejection(inspectVideo(path)), `${type} + ${label}`).toMatch(/invalid_type|unreadable/);
      }
      const scripted = fileOf(`scripted.${type}`, Buffer.concat([video, Buffer.from('<script>x</script>')]));
      expect(await rejection(inspectVideo(scripted)), type).toBe('invalid_type');
    }
  });

  it('when a video is cut short, then it is refused as unreadable', async () => {
    for (const type of ['mp4', 'avi', 'webm'] as const) {
      const video = videos.get(type)!;
      const path = fileOf(`short.${type}`, video.subarray(0, Math.floor(video.length * 0.6)));
      expect(await rejection(inspectVideo(path)), type).toBe('unreadable');
    }
  });

  it('when a file only begins like a video, then ffmpeg cannot decode it and it is unreadable', async () => {
    const mp4 = videos.get('mp4')!;
    const fake = Buffer.concat([mp4.subarray(0, mp4.readUInt32BE(0)), randomBytes(20_000)]);
    expect(await rejection(videoThumbnail(fake))).toBe('unreadable');
    expect(await rejection(videoThumbnail(Buffer.from('RIFF\0\0\0\0AVI LIST')))).toBe('unreadable');
  });

  it('when a picture or random bytes are given as a video, then it is refused by type', async () => {
    const png = await solid(32, 32).png().toBuffer();
    expect(await rejection(videoThumbnail(png))).toBe('invalid_type');
    expect(await rejection(inspectVideo(fileOf('png.mp4', png)))).toBe('invalid_type');
    expect(await rejection(inspectVideo(fileOf('random.mp4', randomBytes(5000))))).toBe('invalid_type');
  });
});

describe('media: pictures', () => {
  it('when pictures are sniffed, then their first bytes name them', async () => {
    expect(sniffImageType(await solid(8, 8).png().toBuffer())).toBe('png');
    expect(sniffImageType(await solid(8, 8).jpeg().toBuffer())).toBe('jpeg');
    expect(sniffImageType(await solid(8, 8).gif().toBuffer())).toBe('gif');
    expect(sniffImageType(await solid(8, 8).webp().toBuffer())).toBe('webp');
    expect(sniffImageType(Buffer.from('<svg onload=alert(1)>'))).toBeNull();
  });

  it('when a picture is re-encoded to several sizes, then each is a WebP of its box', async () => {
    const { type, images } = await reencodeImage(await solid(2000, 1000).jpeg().toBuffer(), [
      { width: 1920, height: 1920, fit: 'inside' },
      { width: 100, height: 100, fit: 'cover' },
    ]);
    expect(type).toBe('jpeg');
    expect(images.map(({ width, height }) => [width, height])).toEqual([
      [1920, 960],
      [100, 100],
    ]);
    for (const image of images) expect((await sharp(image.bytes).metadata()).format).toBe('webp');
  });

  it('when a picture carries a trailer or markup, then it is refused by type; cut short, it is unreadable', async () => {
    const png = await solid(32, 32).png().toBuffer();
    expect(() => checkImage(Buffer.concat([png, Buffer.from('PK\u0003\u0004')]))).toThrow(MediaRejected);
    expect(() => checkImage(Buffer.concat([png, Buffer.from('<script>')]))).toThrow(MediaRejected);
    const jpeg = await sharp(randomBytes(200 * 200 * 3), { raw: { width: 200, height: 200, channels: 3 } })
      .jpeg()
      .toBuffer();
    expect(
      await rejection(reencodeImage(jpeg.subarray(0, 500), [{ width: 10, height: 10, fit: 'inside' }])),
    ).toBe('unreadable');
  });
});

describe('media: receiving an upload', () => {
  const receive = (bytes: Buffer, limits: { image?: number; video?: number }) =>
    withTempDir(async (dir) => {
      const received = await receiveMedia(chunked(bytes), { limits, dir });
      return { ...received, written: existsSync(received.path) };
    });

  it('when a picture or a video arrives in pieces, then its kind comes from its first bytes and it is written whole', async () => {
    const png = await solid(300, 300).png().toBuffer();
    expect(await receive(png, { image: 1e6, video: 1e7 })).toMatchObject({
      kind: 'image',
      type: 'png',
      size: png.length,
      written: true,
    });
    const webm = await makeTestVideo('webm');
    expect(await receive(webm, { image: 1e6, video: 1e7 })).toMatchObject({
      kind: 'video',
      type: 'webm',
      size: webm.length,
    });
  });

  it('when an upload passes its kind’s limit, then it is too large, and the rest of the stream is still read', async () => {
    const mp4 = await makeTestVideo('mp4');
    const stream = chunked(Buffer.concat([mp4, randomBytes(50_000)]));
    const reason = await rejection(
      withTempDir((dir) => receiveMedia(stream, { limits: { image: 1e9, video: 10_000 }, dir })),
    );
    expect(reason).toBe('too_large');
    expect(stream.readableEnded).toBe(true);
    const png = await solid(300, 300).png({ compressionLevel: 0 }).toBuffer();
    expect(await rejection(receive(png, { image: 1000, video: 1e9 }))).toBe('too_large');
  });

  it('when a kind is not accepted, or the bytes are no known type, or there are none, then it is refused by type', async () => {
    const mp4 = await makeTestVideo('mp4');
    expect(await rejection(receive(mp4, { image: 1e9 }))).toBe('invalid_type');
    expect(await rejection(receive(randomBytes(10_000), { image: 1e9, video: 1e9 }))).toBe('invalid_type');
    expect(await rejection(receive(Buffer.alloc(0), { image: 1e9, video: 1e9 }))).toBe('invalid_type');
    expect(await rejection(receive(Buffer.from('GIF89a'), { video: 1e9 }))).toBe('invalid_type');
  });

  it('when the work in a temporary folder fails, then the folder is removed all the same', async () => {
    const root = mkdtempSync(join(tmpdir(), 'lm-media-root-'));
    await expect(
      withTempDir(async (dir) => {
        writeFileSync(join(dir, 'half'), 'x');
        throw new Error('failed');
      }, root),
    ).rejects.toThrow('failed');
    expect(readdirSync(root)).toEqual([]);
    rmSync(root, { recursive: true });
  });
});
