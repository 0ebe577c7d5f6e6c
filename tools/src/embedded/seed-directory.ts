import { SERVICE_TOKEN_HEADER } from '@linksmate/platform';
import type {
  CoachesReply,
  ImportCoachReply,
  ImportCoursesBody,
  ImportCoursesReply,
  ImportVenueReply,
  VenueReply,
  VenuesReply,
} from '@linksmate/proto';
import { DEMO_COACHES } from './demo-coaches';
import { typicalCourses } from './demo-courses';
import { panVideo, type Scenery, sceneJpeg } from './demo-media';
import { DEMO_VENUE_MEDIA, DEMO_VENUES } from './demo-venues/index';

/** What a run of `seedDirectory` made; a second run on the same data makes nothing. */
export interface DirectorySeeded {
  venues: number;
  coaches: number;
  uploads: number;
}

export interface DirectorySeedOptions {
  /** The ffmpeg that encodes the demo video. */
  ffmpegPath: string;
  /** The demo logins: the admin uploads the pictures, the coach's account owns a coach profile. */
  login(email: string): Promise<string>;
}

export interface ListedVenue {
  id: number;
  featured: boolean;
  gallery: number;
}

const PAGE = 100;
/** Big enough for the carousel's full width, small enough to draw and re-encode quickly. */
const PICTURE = { width: 1024, height: 640 };

async function expectOk(response: Response, what: string, ...statuses: number[]) {
  if (!statuses.includes(response.status)) {
    throw new Error(`${what} failed: ${response.status} ${await response.text()}`);
  }
  return response;
}

/** Every listed venue by slug, with whether it has its pictures yet. */
async function listedVenues(venuesUrl: string): Promise<Map<string, ListedVenue>> {
  const found = new Map<string, ListedVenue>();
  for (let offset = 0; ; offset += PAGE) {
    const response = await expectOk(
      await fetch(`${venuesUrl}/venues?limit=${PAGE}&offset=${offset}`),
      'Listing venues',
      200,
    );
    const { venues } = (await response.json()) as VenuesReply;
    for (const v of venues) {
      if (v.slug)
        found.set(v.slug, { id: v.id, featured: v.featured_image_url !== null, gallery: v.gallery_count });
    }
    if (venues.length < PAGE) return found;
  }
}

async function coachEmails(venuesUrl: string): Promise<Set<string>> {
  const emails = new Set<string>();
  for (let offset = 0; ; offset += PAGE) {
    const response = await expectOk(
      await fetch(`${venuesUrl}/coaches?limit=${PAGE}&offset=${offset}`),
      'Listing coaches',
      200,
    );
    const { coaches } = (await response.json()) as CoachesReply;
    for (const c of coaches) if (c.email) emails.add(c.email.toLowerCase());
    if (coaches.length < PAGE) return emails;
  }
}

const postJson = (url: string, serviceToken: string, body: unknown) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [SERVICE_TOKEN_HEADER]: serviceToken },
    body: JSON.stringify(body),
  });

/** The user id in a token's claims. */
export const userIdOf = (token: string) =>
  Number(
    (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { user_id: number }).user_id,
  );

async function upload(
  venuesUrl: string,
  token: string,
  path: 'venue-photo' | 'venue-gallery',
  venueId: number,
  file: { field: string; name: string; type: string; data: Buffer },
) {
  const form = new FormData();
  // The venue first: the service reads it before the file streams in.
  form.append('venue_id', String(venueId));
  form.append(file.field, new Blob([new Uint8Array(file.data)], { type: file.type }), file.name);
  await expectOk(
    await fetch(`${venuesUrl}/upload/${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    }),
    `Uploading ${file.name} to venue ${venueId}`,
    200,
    201,
  );
}

/** Runs `tasks` with at most `width` under way at once. */
export async function inParallel<T>(items: readonly T[], width: number, task: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, items.length) }, async () => {
      while (next < items.length) await task(items[next++]!);
    }),
  );
}

/**
 * The demo directory: venues, then coaches linked to them, each only where it is missing (a venue
 * by its slug, a coach by e-mail), so running it again changes nothing; through the service's
 * internal imports. Their pictures come after, from `seedVenuePictures`.
 */
export async function seedDirectory(
  urls: { venues: string },
  serviceToken: string,
  options: Pick<DirectorySeedOptions, 'login'>,
): Promise<DirectorySeeded> {
  const seeded: DirectorySeeded = { venues: 0, coaches: 0, uploads: 0 };
  const listed = await listedVenues(urls.venues);
  const ids = new Map([...listed].map(([slug, v]) => [slug, v.id]));

  // A few at a time: each import is its own transaction and event, so waiting on one commit at a
  // time would leave the service idle.
  const runners = new Map<string, number>();
  for (const email of new Set(DEMO_VENUES.filter((v) => !listed.has(v.slug)).flatMap((v) => v.admins ?? [])))
    runners.set(email, userIdOf(await options.login(email)));
  await inParallel(
    DEMO_VENUES.filter((v) => !listed.has(v.slug)),
    4,
    async ({ admins = [], ...venue }) => {
      const response = await postJson(`${urls.venues}/internal/venues`, serviceToken, {
        ...venue,
        admin_user_ids: admins.map((email) => runners.get(email)!),
      });
      if (response.status === 409) {
        // Taken by a venue that is no longer listed (an admin hid it): leave it as the admin left it.
        const existing = await fetch(`${urls.venues}/venues/slug/${venue.slug}`);
        if (existing.status === 200) ids.set(venue.slug, ((await existing.json()) as VenueReply).venue.id);
        return;
      }
      await expectOk(response, `Importing venue ${venue.slug}`, 201);
      const { venue: created } = (await response.json()) as ImportVenueReply;
      ids.set(venue.slug, created.id);
      listed.set(venue.slug, { id: created.id, featured: false, gallery: 0 });
      seeded.venues++;
    },
  );

  const emails = await coachEmails(urls.venues);
  const owner = new Map<string, number>();
  for (const { account } of DEMO_COACHES) {
    if (account && !emails.has(account)) owner.set(account, userIdOf(await options.login(account)));
  }
  await inParallel(
    DEMO_COACHES.filter((c) => !emails.has(c.email.toLowerCase())),
    4,
    async ({ venues, account, ...coach }) => {
      const response = await postJson(`${urls.venues}/internal/coaches`, serviceToken, {
        ...coach,
        user_id: account ? owner.get(account) : null,
        venue_ids: venues.flatMap((slug) => ids.get(slug) ?? []),
      });
      await expectOk(response, `Importing coach ${coach.email}`, 201);
      (await response.json()) as ImportCoachReply;
      seeded.coaches++;
    },
  );

  return seeded;
}

/**
 * The demo venues' typical courses (docs/product.md#courses), for listed venues that have none yet,
 * in one call the service writes with one insert per table; how many courses it made.
 */
export async function seedTypicalCourses(urls: { venues: string }, serviceToken: string): Promise<number> {
  const listed = await listedVenues(urls.venues);
  const body: ImportCoursesBody = {
    venues: DEMO_VENUES.flatMap((venue) => {
      const id = listed.get(venue.slug)?.id;
      const courses = typicalCourses(venue);
      return id && courses.length ? [{ venue_id: id, courses }] : [];
    }),
  };
  const response = await postJson(`${urls.venues}/internal/venues/courses`, serviceToken, body);
  await expectOk(response, 'Importing the typical courses', 201);
  return ((await response.json()) as ImportCoursesReply).courses;
}

/** The demo pictures and videos being made, by the seed each is drawn from (`<slug>:featured`, `<slug>:<n>`). */
export interface DemoMedia {
  pictures: Map<string, Promise<Buffer>>;
  videos: Map<string, Promise<Buffer>>;
}

/**
 * The demo pictures and videos the venues will need (a venue not made yet, or without them), being
 * made from the moment this returns, so that they are drawn while the services start or the
 * accounts and the directory are made (mostly waiting on the services), not between uploads. The
 * pictures one at a time (each draw holds its own buffers), the videos by ffmpeg, each in its own
 * process, done before the pictures' memory peaks and not on top of it.
 */
export async function startDemoMedia(urls: { venues: string }, ffmpegPath: string): Promise<DemoMedia> {
  return drawDemoMedia(await listedVenues(urls.venues), ffmpegPath);
}

/**
 * `startDemoMedia` for venues listed as given; with none listed (a venues database made at this
 * start), every demo picture and video, before the venues service is even up.
 */
export function drawDemoMedia(listed: ReadonlyMap<string, ListedVenue>, ffmpegPath: string): DemoMedia {
  const media: DemoMedia = { pictures: new Map(), videos: new Map() };
  let drawn: Promise<unknown> = Promise.resolve();
  const draw = (seed: string, scenery: Scenery) => {
    const picture = drawn.then(() => sceneJpeg({ seed, scenery, ...PICTURE }));
    drawn = picture.catch(() => {});
    // A failure is reported where the picture is awaited, not as an unhandled rejection meanwhile.
    picture.catch(() => {});
    media.pictures.set(seed, picture);
  };
  for (const [slug, plan] of Object.entries(DEMO_VENUE_MEDIA)) {
    const venue = listed.get(slug);
    if (plan.featured && !venue?.featured) draw(`${slug}:featured`, plan.scenery);
    if (plan.gallery === 0 || (venue && venue.gallery > 0)) continue;
    for (let i = 1; i <= plan.gallery; i++) draw(`${slug}:${i}`, plan.scenery);
    if (!plan.video) continue;
    const video = panVideo(ffmpegPath, { seed: `${slug}:video`, scenery: plan.scenery });
    video.catch(() => {});
    media.videos.set(slug, video);
  }
  return media;
}

/**
 * The demo venues' pictures and video, where a venue has none yet, through the same upload calls a
 * venue's admin uses, so they are re-encoded and given thumbnails as anyone's are. Returns how
 * many files it uploaded.
 */
export async function seedVenuePictures(
  urls: { venues: string },
  options: DirectorySeedOptions & { media?: DemoMedia },
): Promise<number> {
  let uploads = 0;
  const listed = await listedVenues(urls.venues);
  const work = Object.entries(DEMO_VENUE_MEDIA).flatMap(([slug, plan]) => {
    const venue = listed.get(slug);
    if (!venue) return [];
    const featured = plan.featured && !venue.featured;
    const gallery = plan.gallery > 0 && venue.gallery === 0;
    return featured || gallery ? [{ slug, plan, id: venue.id, featured, gallery }] : [];
  });
  if (work.length === 0) return 0;
  const videos = new Map(
    work
      .filter(({ plan, gallery }) => gallery && plan.video)
      .map(({ slug, plan }) => [
        slug,
        options.media?.videos.get(slug) ??
          panVideo(options.ffmpegPath, { seed: `${slug}:video`, scenery: plan.scenery }),
      ]),
  );
  // A failure is reported where the video is awaited, not as an unhandled rejection meanwhile.
  for (const video of videos.values()) video.catch(() => {});
  const token = await options.login('admin@linksmate.dev');
  /** The picture drawn ahead for the seed, handed over once, or drawn now. */
  const picture = (seed: string, scenery: Scenery) => {
    const drawn = options.media?.pictures.get(seed);
    options.media?.pictures.delete(seed);
    return drawn ?? sceneJpeg({ seed, scenery, ...PICTURE });
  };
  // Two venues at a time, so that one picture is re-encoded while the next is sent; not more: the
  // rest of seeding runs beside it, and every picture in flight is memory held twice (uploaded,
  // re-encoded).
  await inParallel(work, 2, async ({ slug, plan, id, featured, gallery }) => {
    if (featured) {
      const data = await picture(`${slug}:featured`, plan.scenery);
      await upload(urls.venues, token, 'venue-photo', id, {
        field: 'image',
        name: `${slug}.jpg`,
        type: 'image/jpeg',
        data,
      });
      uploads++;
    }
    if (!gallery) return;
    for (let i = 1; i <= plan.gallery; i++) {
      const data = await picture(`${slug}:${i}`, plan.scenery);
      await upload(urls.venues, token, 'venue-gallery', id, {
        field: 'media',
        name: `${slug}-${i}.jpg`,
        type: 'image/jpeg',
        data,
      });
      uploads++;
    }
    if (plan.video) {
      const data = await videos.get(slug)!;
      await upload(urls.venues, token, 'venue-gallery', id, {
        field: 'media',
        name: `${slug}.mp4`,
        type: 'video/mp4',
        data,
      });
      uploads++;
    }
  });
  return uploads;
}
