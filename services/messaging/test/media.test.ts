import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { makeTestVideo, multipartBody } from '@linksmate/platform/testing';
import { UPLOAD_MESSAGES } from '@linksmate/proto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MessagingUnderTest, type Person, startMessaging } from './fixtures';

describe('messaging: message media (POST /upload/message-media)', () => {
  let m: MessagingUnderTest;
  let ava: Person;
  let ben: Person;
  const upload = (person: Person, file: { data: Buffer | string; filename: string; contentType: string }) => {
    const body = multipartBody([{ name: 'media', ...file }]);
    return m.app.inject({
      method: 'POST',
      url: '/upload/message-media',
      payload: body.payload,
      headers: { 'content-type': body.contentType, authorization: `Bearer ${person.token}` },
    });
  };
  const stored = (url: string) => join(m.uploadsDir, url.replace(/^\/uploads\//, ''));

  beforeAll(async () => {
    m = await startMessaging();
    ava = await m.person();
    ben = await m.person();
  });
  afterAll(() => m?.close());

  it('when a photo is uploaded and sent, then it is kept re-encoded as WebP and the message carries it', async () => {
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#2e7d32' } })
      .png()
      .toBuffer();
    const res = await upload(ava, { data: png, filename: 'green.png', contentType: 'image/png' });
    expect(res.statusCode).toBe(201);
    const media = res.json();
    expect(media).toMatchObject({ media_type: 'image', media_filename: 'green.png', thumbnail_url: null });
    expect(media.url).toMatch(/^\/uploads\/message-media\/.+\.webp$/);
    expect((await sharp(stored(media.url)).metadata()).format).toBe('webp');

    const sent = await m.post(
      '/messages/dm',
      { receiver_user_id: ben.id, media_url: media.url, media_filename: media.media_filename },
      ava.token,
    );
    expect(sent.statusCode).toBe(201);
    expect(sent.json().message).toMatchObject({ media_url: media.url, media_type: 'image', content: null });
  });

  it('when a video is uploaded, then it is kept with a JPEG poster, and a message with it shows both', async () => {
    const video = await makeTestVideo('mp4');
    const res = await upload(ava, { data: video, filename: 'swing.mp4', contentType: 'video/mp4' });
    expect(res.statusCode).toBe(201);
    const media = res.json();
    expect(media.media_type).toBe('video');
    expect(media.thumbnail_url).toMatch(/-poster\.jpg$/);
    expect(existsSync(stored(media.url))).toBe(true);
    expect((await sharp(stored(media.thumbnail_url)).metadata()).format).toBe('jpeg');
    const sent = await m.post('/messages/dm', { receiver_user_id: ben.id, media_url: media.url }, ava.token);
    expect(sent.json().message).toMatchObject({
      media_type: 'video',
      media_thumbnail_url: media.thumbnail_url,
    });
  });

  it("when the file is not a picture or video by its content, whatever its name, then 415 with the spec's words", async () => {
    const res = await upload(ava, {
      data: '<script>alert(1)</script>',
      filename: 'cat.png',
      contentType: 'image/png',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().error).toBe(UPLOAD_MESSAGES.invalidMediaType);
  });

  it('when a picture is over 5 MB, then 413 says the limit', async () => {
    const big = Buffer.concat([
      await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
        .png()
        .toBuffer(),
      Buffer.alloc(5 * 1024 * 1024 + 10),
    ]);
    const res = await upload(ava, { data: big, filename: 'huge.png', contentType: 'image/png' });
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toBe(UPLOAD_MESSAGES.tooLarge('5MB'));
  });

  it('when a member without a membership uploads, then 402; anonymous 401', async () => {
    const lapsed = await m.person({ member: false });
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    expect(
      (await upload(lapsed, { data: png, filename: 'a.png', contentType: 'image/png' })).statusCode,
    ).toBe(402);
    const anonymous = await m.app.inject({ method: 'POST', url: '/upload/message-media' });
    expect(anonymous.statusCode).toBe(401);
  });
});
