import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeTestVideo } from '@linksmate/platform/testing';
import { UPLOAD_MESSAGES, VENUE_MESSAGES } from '@linksmate/proto';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Person, startVenueMedia, type VenueMediaUnderTest } from './media-fixtures';

const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 120, b: 60 } } });
/** Noise does not compress: a real picture of a known size in bytes. */
const noise = (width: number, height: number) =>
  sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } });

const PHOTO = '/upload/venue-photo';
const GALLERY = '/upload/venue-gallery';
const GALLERY_FILE = /^\/uploads\/venues\/gallery\/([0-9a-f-]{36})\.(webp|mp4|mov|avi|webm|3gp)$/;

describe('venues-coaches: venue photo and gallery uploads', () => {
  let venues: VenueMediaUnderTest;
  let admin: Person;
  let siteAdmin: Person;
  let member: Person;
  let owner: Person;
  let otherOwner: Person;
  let venueId: number;
  let otherVenueId: number;
  let mp4: Buffer;
  let webm: Buffer;

  /** What a refused upload must leave behind: no new file, no new row, no change to the venue. */
  async function expectNothingStored<R>(attempt: () => Promise<R>): Promise<R> {
    const files = venues.storedFiles();
    const gallery = await venues.gallery(venueId);
    const row = await venues.venueRow(venueId);
    const res = await attempt();
    expect(venues.storedFiles()).toEqual(files);
    expect(await venues.gallery(venueId)).toEqual(gallery);
    expect(await venues.venueRow(venueId)).toEqual(row);
    return res;
  }

  beforeAll(async () => {
    venues = await startVenueMedia();
    admin = await venues.person('admin');
    siteAdmin = await venues.person('site_admin');
    member = await venues.person('member');
    owner = await venues.person('facility_admin');
    otherOwner = await venues.person('facility_admin');
    venueId = await venues.venue('Royal Melbourne Golf Club');
    otherVenueId = await venues.venue('Kingston Heath Golf Club');
    await venues.runs(owner, venueId);
    await venues.runs(otherOwner, otherVenueId);
    [mp4, webm] = await Promise.all([makeTestVideo('mp4'), makeTestVideo('webm')]);
  });

  afterAll(() => venues?.close());

  // Whatever an upload did, its scratch files are gone once it is answered.
  afterEach(() => expect(venues.scratch()).toEqual([]));

  describe('the featured photo', () => {
    it('when an admin uploads a PNG, then it is stored re-encoded as WebP, becomes the featured image, and the venue’s update is published', async () => {
      const before = await venues.venueRow(venueId);
      const res = await venues.send(
        PHOTO,
        admin,
        venueId,
        await solid(3000, 1500).png().toBuffer(),
        'a.png',
        'image/png',
      );
      expect(res.statusCode, res.body).toBe(200);
      const { url, venue_id } = res.json();
      expect(venue_id).toBe(venueId);
      expect(url).toMatch(/^\/uploads\/venues\/photos\/[0-9a-f-]{36}\.webp$/);
      expect(await sharp(readFileSync(venues.fileOf(url))).metadata()).toMatchObject({
        format: 'webp',
        width: 1920,
        height: 960,
      });
      const after = await venues.venueRow(venueId);
      expect(after).toMatchObject({ featured_image_url: url, version: before.version + 1 });
      const updates = (await venues.published('venues.venue.updated')).filter(
        (e) => (e.data as { venue_id: number }).venue_id === venueId,
      );
      expect(updates.at(-1)?.data).toMatchObject({
        venue_id: venueId,
        name: 'Royal Melbourne Golf Club',
        version: after.version,
      });
      expect(updates.at(-1)?.actor).toEqual({ user_id: admin.id, role: 'admin' });
    });

    it('when a JPEG, a GIF or a WebP comes in, then what is stored is WebP all the same, and the picture it replaces is deleted', async () => {
      let previous = (await venues.venueRow(venueId)).featured_image_url as string;
      for (const [bytes, name] of [
        [await solid(400, 300).jpeg().toBuffer(), 'photo.jpg'],
        [await solid(400, 300).gif().toBuffer(), 'photo.gif'],
        [await solid(400, 300).webp().toBuffer(), 'photo.webp'],
      ] as const) {
        const res = await venues.send(PHOTO, siteAdmin, venueId, bytes, name, 'image/jpeg');
        expect(res.statusCode, name).toBe(200);
        const { url } = res.json();
        expect(await sharp(readFileSync(venues.fileOf(url))).metadata(), name).toMatchObject({
          format: 'webp',
          width: 400,
          height: 300,
        });
        expect(existsSync(venues.fileOf(previous)), name).toBe(false);
        previous = url;
      }
      expect(venues.storedFiles().filter((f) => f.startsWith('venues/photos/'))).toHaveLength(1);
    });

    it('when a venue still waiting for review gets a photo, then its update says it is not active (not listed)', async () => {
      const { rows } = await venues.pool.query<{ id: number }>(
        `insert into venues (slug, name, review_status) values ('pending-links', 'Pending Links', 'pending') returning id`,
      );
      const pendingId = rows[0]!.id;
      const res = await venues.send(PHOTO, admin, pendingId, await solid(40, 40).png().toBuffer());
      expect(res.statusCode).toBe(200);
      const update = (await venues.published('venues.venue.updated')).at(-1);
      expect(update?.data).toMatchObject({ venue_id: pendingId, is_active: false });
    });

    it('when a video or random bytes are sent as the photo, then 415 says only pictures are taken and nothing is stored', async () => {
      for (const [bytes, name] of [
        [mp4, 'photo.jpg'],
        [randomBytes(4000), 'photo.png'],
        ['<svg onload="alert(1)"></svg>', 'photo.svg'],
      ] as const) {
        const res = await expectNothingStored(() =>
          venues.send(PHOTO, admin, venueId, bytes, name, 'image/png'),
        );
        expect(res.statusCode, name).toBe(415);
        expect(res.json(), name).toMatchObject({
          error: UPLOAD_MESSAGES.invalidImageType,
          errors: { image: UPLOAD_MESSAGES.invalidImageType },
        });
      }
    });

    it('when the photo is larger than 10 MB, then 413 with the spec’s message and nothing is stored', async () => {
      const big = await noise(2000, 1800).png({ compressionLevel: 0 }).toBuffer();
      expect(big.length).toBeGreaterThan(10 * 1024 * 1024);
      const res = await expectNothingStored(() =>
        venues.send(PHOTO, admin, venueId, big, 'big.png', 'image/png'),
      );
      expect(res.statusCode).toBe(413);
      expect(res.json().error).toBe(VENUE_MESSAGES.tooLargeFor('image', '10MB'));
      expect(res.json().error).toBe('File too large. Maximum size for images is 10MB.');
    });

    it('when the featured photo is removed, then its file goes, the venue shows none, and a second removal is 404', async () => {
      const uploaded = await venues.send(PHOTO, owner, venueId, await solid(200, 200).png().toBuffer());
      expect(uploaded.statusCode).toBe(200);
      const { url } = uploaded.json();
      const version = (await venues.venueRow(venueId)).version;
      const res = await venues.delete(`${PHOTO}/${venueId}`, owner);
      expect(res.statusCode, res.body).toBe(200);
      expect(existsSync(venues.fileOf(url))).toBe(false);
      expect(await venues.venueRow(venueId)).toEqual({
        featured_image_url: null,
        featured_image_key: null,
        version: version + 1,
      });
      const updates = await venues.published('venues.venue.updated');
      expect(updates.at(-1)?.data).toMatchObject({ venue_id: venueId, version: version + 1 });
      const again = await venues.delete(`${PHOTO}/${venueId}`, owner);
      expect(again.statusCode).toBe(404);
      expect(again.json().error).toBe(VENUE_MESSAGES.mediaNotFound);
    });
  });

  describe('the gallery', () => {
    it('when a picture is added, then it is stored re-encoded as WebP at the end of the gallery', async () => {
      const res = await venues.send(
        GALLERY,
        admin,
        venueId,
        await solid(2500, 2500).jpeg().toBuffer(),
        'a.jpg',
        'image/jpeg',
      );
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({
        venue_id: venueId,
        media_type: 'image',
        thumbnail_url: null,
        position: 0,
      });
      expect(body.url).toMatch(GALLERY_FILE);
      expect(body.url).toMatch(/\.webp$/);
      expect(body.gallery_image_urls).toEqual([body.url]);
      expect(await sharp(readFileSync(venues.fileOf(body.url))).metadata()).toMatchObject({
        format: 'webp',
        width: 1920,
        height: 1920,
      });
    });

    it('when an MP4 and a WebM are added, then each is stored as uploaded with a JPEG thumbnail under thumbnails/, in order', async () => {
      const before = (await venues.gallery(venueId)).length;
      for (const [bytes, name, extension] of [
        [mp4, 'clip.mp4', 'mp4'],
        [webm, 'clip.webm', 'webm'],
      ] as const) {
        const res = await venues.send(GALLERY, admin, venueId, bytes, name, 'video/mp4');
        expect(res.statusCode, res.body).toBe(200);
        const body = res.json();
        const [, name36, ext] = GALLERY_FILE.exec(body.url) ?? [];
        expect(ext, name).toBe(extension);
        expect(body, name).toMatchObject({
          media_type: 'video',
          thumbnail_url: `/uploads/venues/gallery/thumbnails/${name36}.jpg`,
          position: before + (extension === 'mp4' ? 0 : 1),
        });
        expect(readFileSync(venues.fileOf(body.url)).equals(bytes), name).toBe(true);
        const thumbnail = await sharp(readFileSync(venues.fileOf(body.thumbnail_url))).metadata();
        expect(thumbnail, name).toMatchObject({ format: 'jpeg', width: 160, height: 120 });
      }
      const gallery = await venues.gallery(venueId);
      expect(gallery.map((item) => item.position)).toEqual(gallery.map((_, i) => i));
      expect(gallery.slice(-2).map((item) => item.kind)).toEqual(['video', 'video']);
    });

    it('when a MOV, an AVI and a 3GP are added, then each is taken as the video its content says', async () => {
      for (const type of ['mov', 'avi', '3gp'] as const) {
        const res = await venues.send(GALLERY, owner, venueId, await makeTestVideo(type), 'video.bin');
        expect(res.statusCode, `${type}: ${res.body}`).toBe(200);
        expect(res.json().url, type).toMatch(new RegExp(`\\.${type}$`));
        expect(existsSync(venues.fileOf(res.json().thumbnail_url)), type).toBe(true);
      }
    });

    it('when a PNG is sent named clip.mp4 as video/mp4, then its content decides: it is kept as a picture', async () => {
      const res = await venues.send(
        GALLERY,
        admin,
        venueId,
        await solid(50, 50).png().toBuffer(),
        'clip.mp4',
        'video/mp4',
      );
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ media_type: 'image', thumbnail_url: null });
      expect(res.json().url).toMatch(/\.webp$/);
    });

    it('when random bytes are sent as clip.mp4, then 415 with the spec’s message and nothing is stored', async () => {
      const res = await expectNothingStored(() =>
        venues.send(GALLERY, admin, venueId, randomBytes(50_000), 'clip.mp4', 'video/mp4'),
      );
      expect(res.statusCode).toBe(415);
      expect(res.json()).toMatchObject({
        error: UPLOAD_MESSAGES.invalidMediaType,
        errors: { media: UPLOAD_MESSAGES.invalidMediaType },
      });
    });

    it('when a file begins like an MP4 but does not decode, then it is refused and nothing is stored', async () => {
      const header = mp4.subarray(0, mp4.readUInt32BE(0));
      // One box claiming the rest of the file, of random bytes: the container adds up, ffmpeg finds no video.
      const body = randomBytes(40_000);
      body.writeUInt32BE(body.length, 0);
      body.write('mdat', 4, 'latin1');
      const res = await expectNothingStored(() =>
        venues.send(GALLERY, admin, venueId, Buffer.concat([header, body]), 'clip.mp4', 'video/mp4'),
      );
      expect(res.statusCode).toBe(422);
      expect(res.json().error).toBe(UPLOAD_MESSAGES.invalidMediaType);
    });

    it('when a picture or a video carries a script or an archive after its end, then it is refused as a polyglot and nothing is stored', async () => {
      const png = await solid(32, 32).png().toBuffer();
      for (const [bytes, label] of [
        [Buffer.concat([png, Buffer.from('<script>alert(document.domain)</script>')]), 'PNG + script'],
        [Buffer.concat([png, Buffer.from('PK\u0003\u0004 an archive follows')]), 'PNG + archive'],
        [Buffer.concat([mp4, Buffer.from('<script>alert(document.domain)</script>')]), 'MP4 + script'],
        [Buffer.concat([webm, Buffer.from('<html><body>hi</body></html>')]), 'WebM + page'],
      ] as const) {
        const res = await expectNothingStored(() => venues.send(GALLERY, admin, venueId, bytes, 'file.bin'));
        expect(res.statusCode, label).toBe(415);
        expect(res.json().error, label).toBe(UPLOAD_MESSAGES.invalidMediaType);
      }
      const zipped = Buffer.concat([mp4, Buffer.from('PK\u0003\u0004'), randomBytes(64)]);
      const res = await expectNothingStored(() => venues.send(GALLERY, admin, venueId, zipped, 'clip.mp4'));
      expect([415, 422]).toContain(res.statusCode);
    });

    it('when a gallery picture is over 10 MB or a video over 100 MB, then 413 names the kind’s limit and nothing is stored', async () => {
      const bigPicture = await noise(2000, 1800).png({ compressionLevel: 0 }).toBuffer();
      const picture = await expectNothingStored(() =>
        venues.send(GALLERY, admin, venueId, bigPicture, 'big.png'),
      );
      expect(picture.statusCode).toBe(413);
      expect(picture.json().error).toBe('File too large. Maximum size for images is 10MB.');

      // An MP4's first bytes, then more than 100 MB: refused as it streams in, by its kind's limit.
      const header = mp4.subarray(0, mp4.readUInt32BE(0));
      const bigVideo = Buffer.concat([header, Buffer.alloc(100 * 1024 * 1024 + 1 - header.length, 1)]);
      const video = await expectNothingStored(() =>
        venues.send(GALLERY, admin, venueId, bigVideo, 'big.mp4'),
      );
      expect(video.statusCode).toBe(413);
      expect(video.json().error).toBe(VENUE_MESSAGES.tooLargeFor('video', '100MB'));
      expect(video.json().error).toBe('File too large. Maximum size for videos is 100MB.');
    });

    it('when a gallery item is deleted, then its file, its thumbnail and its row go, the rest keep their order, and the update is published', async () => {
      const added = await venues.send(GALLERY, owner, venueId, mp4, 'clip.mp4');
      expect(added.statusCode).toBe(200);
      const { id, url, thumbnail_url } = added.json();
      const after = await venues.send(GALLERY, owner, venueId, await solid(60, 60).png().toBuffer());
      expect(after.statusCode).toBe(200);
      const version = (await venues.venueRow(venueId)).version;

      const res = await venues.delete(`/upload/venue-image/${id}`, owner);
      expect(res.statusCode, res.body).toBe(200);
      expect(existsSync(venues.fileOf(url))).toBe(false);
      expect(existsSync(venues.fileOf(thumbnail_url))).toBe(false);
      const gallery = await venues.gallery(venueId);
      expect(gallery.map((item) => item.id)).not.toContain(id);
      expect(gallery.map((item) => item.position)).toEqual(gallery.map((_, i) => i));
      expect(gallery.at(-1)?.id).toBe(after.json().id);
      expect((await venues.venueRow(venueId)).version).toBe(version + 1);
      expect((await venues.published('venues.venue.updated')).at(-1)?.data).toMatchObject({
        venue_id: venueId,
        version: version + 1,
      });

      const again = await venues.delete(`/upload/venue-image/${id}`, owner);
      expect(again.statusCode).toBe(404);
      expect(again.json().error).toBe(VENUE_MESSAGES.mediaNotFound);
    });
  });

  describe('who may upload and delete', () => {
    it('when no token is sent, then 401 and nothing is stored', async () => {
      const png = await solid(20, 20).png().toBuffer();
      for (const url of [PHOTO, GALLERY] as const) {
        const res = await expectNothingStored(() => venues.send(url, null, venueId, png));
        expect(res.statusCode, url).toBe(401);
      }
      expect((await venues.delete(`${PHOTO}/${venueId}`, null)).statusCode).toBe(401);
      expect((await venues.delete('/upload/venue-image/1', null)).statusCode).toBe(401);
    });

    it('when a member, or someone who runs another venue, uploads or deletes, then 403 and nothing changes', async () => {
      const png = await solid(20, 20).png().toBuffer();
      const item = (await venues.send(GALLERY, admin, venueId, png)).json();
      const coach = await venues.person('coach');
      for (const person of [member, otherOwner, coach]) {
        for (const url of [PHOTO, GALLERY] as const) {
          const res = await expectNothingStored(() => venues.send(url, person, venueId, png));
          expect(res.statusCode, `${person.id} ${url}`).toBe(403);
          expect(res.json().error).toBe(VENUE_MESSAGES.notAllowed);
        }
        const deleted = await expectNothingStored(() =>
          venues.delete(`/upload/venue-image/${item.id}`, person),
        );
        expect(deleted.statusCode).toBe(403);
        const photo = await expectNothingStored(() => venues.delete(`${PHOTO}/${venueId}`, person));
        expect(photo.statusCode).toBe(403);
      }
      // The owner of the other venue manages that one.
      const own = await venues.send(GALLERY, otherOwner, otherVenueId, png);
      expect(own.statusCode).toBe(200);
    });

    it('when the venue does not exist, then 404 Venue not found; without a venue_id before the file, then 400 asks to save it first', async () => {
      const png = await solid(20, 20).png().toBuffer();
      const missing = await expectNothingStored(() => venues.send(GALLERY, admin, 999_999, png));
      expect(missing.statusCode).toBe(404);
      expect(missing.json().error).toBe(VENUE_MESSAGES.notFound);
      expect((await venues.delete(`${PHOTO}/999999`, admin)).statusCode).toBe(404);
      expect((await venues.delete('/upload/venue-image/999999', admin)).statusCode).toBe(404);

      for (const parts of [
        [{ name: 'media', filename: 'a.png', contentType: 'image/png', data: png }],
        [
          { name: 'venue_id', data: '' },
          { name: 'media', filename: 'a.png', data: png },
        ],
        [
          { name: 'venue_id', data: 'undefined' },
          { name: 'media', filename: 'a.png', data: png },
        ],
        // The field after the file: too late to say which venue the file is for.
        [
          { name: 'media', filename: 'a.png', data: png },
          { name: 'venue_id', data: String(venueId) },
        ],
      ]) {
        const res = await expectNothingStored(() => venues.upload(GALLERY, admin, parts));
        expect(res.statusCode).toBe(400);
        expect(res.json().error).toBe(VENUE_MESSAGES.saveFirst);
        expect(res.json().error).toBe('Please save the venue first before uploading media.');
      }
    });

    it('when the file is missing or in another field, or the body is not multipart, then 400', async () => {
      const png = await solid(20, 20).png().toBuffer();
      const noFile = await venues.upload(GALLERY, admin, [{ name: 'venue_id', data: String(venueId) }]);
      expect(noFile.statusCode).toBe(400);
      const wrongField = await venues.upload(PHOTO, admin, [
        { name: 'venue_id', data: String(venueId) },
        { name: 'media', filename: 'a.png', data: png },
      ]);
      expect(wrongField.statusCode).toBe(400);
      expect(wrongField.json().error).toBe(UPLOAD_MESSAGES.invalidImageSelection);
      const json = await venues.app.inject({
        method: 'POST',
        url: GALLERY,
        payload: { venue_id: venueId },
        headers: { authorization: `Bearer ${admin.token}` },
      });
      expect(json.statusCode).toBe(400);
      const broken = await venues.app.inject({
        method: 'POST',
        url: GALLERY,
        payload: `--x\r\nContent-Disposition: form-data; name="venue_id"\r\n\r\n${venueId}\r\n--x\r\nContent-Disposition: form-data; name="media"; filename="a.png"\r\n\r\n${png.toString('latin1')}`,
        headers: {
          authorization: `Bearer ${admin.token}`,
          'content-type': 'multipart/form-data; boundary=x',
        },
      });
      expect(broken.statusCode).toBe(400);
      for (const contentType of ['multipart/form-data', 'multipart/form-data; boundary=']) {
        const noBoundary = await venues.app.inject({
          method: 'POST',
          url: GALLERY,
          payload: 'whatever',
          headers: { authorization: `Bearer ${admin.token}`, 'content-type': contentType },
        });
        expect(noBoundary.statusCode, contentType).toBe(400);
      }
      const empty = await venues.send(GALLERY, admin, venueId, Buffer.alloc(0), 'empty.png', 'image/png');
      expect(empty.statusCode).toBe(415);
      // Fields nobody asked for are passed over, whatever they are called.
      const extra = await venues.upload(GALLERY, admin, [
        { name: '__proto__', data: 'x' },
        { name: 'toString', data: 'x' },
        { name: 'venue_id', data: String(venueId) },
        { name: 'media', filename: 'a.png', data: png },
      ]);
      expect(extra.statusCode).toBe(200);
    });
  });

  describe('nothing half-written', () => {
    it('when the store fails, then 503 and no row', async () => {
      const folder = join(venues.uploadsDir, 'venues', 'gallery');
      const aside = `${folder}-aside`;
      mkdirSync(folder, { recursive: true });
      renameSync(folder, aside);
      // A file where the folder should be: every write into it fails.
      writeFileSync(folder, 'not a folder');
      try {
        for (const bytes of [await solid(30, 30).png().toBuffer(), mp4]) {
          const gallery = await venues.gallery(venueId);
          const res = await venues.send(GALLERY, admin, venueId, bytes);
          expect(res.statusCode).toBe(503);
          expect(res.json().error).toBe('Upload failed');
          expect(await venues.gallery(venueId)).toEqual(gallery);
        }
      } finally {
        rmSync(folder);
        renameSync(aside, folder);
      }
    });

    it('when the database refuses the change after the files are stored, then the files are deleted again', async () => {
      await venues.pool.query('alter table venue_media add constraint refuse_all check (false) not valid');
      try {
        for (const bytes of [await solid(30, 30).png().toBuffer(), webm]) {
          const res = await expectNothingStored(() => venues.send(GALLERY, admin, venueId, bytes));
          expect(res.statusCode).toBe(500);
        }
      } finally {
        await venues.pool.query('alter table venue_media drop constraint refuse_all');
      }
      await venues.pool.query('alter table venues add constraint refuse_all check (false) not valid');
      try {
        const png = await solid(30, 30).png().toBuffer();
        const res = await expectNothingStored(() => venues.send(PHOTO, admin, venueId, png));
        expect(res.statusCode).toBe(500);
      } finally {
        await venues.pool.query('alter table venues drop constraint refuse_all');
      }
    });
  });
});
