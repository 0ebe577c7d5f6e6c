import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../src';
import { startVenuesCoaches, type VenuesCoachesUnderTest } from './fixtures';

const MESSAGE = 'Please enter a valid web address starting with http:// or https://';
/** Links that are not web links: each is a 422 naming its field. */
const NOT_WEB_LINKS = [
  'javascript:alert(1)',
  'data:text/html,x',
  'file:///etc/passwd',
  '/relative',
  'http://',
  'https:///x',
];
const VENUE_LINK_FIELDS = [
  'website_url',
  'virtual_tour_url',
  'facebook_url',
  'instagram_url',
  'twitter_url',
  'youtube_url',
] as const;

const wizard = (extra: Record<string, unknown> = {}) => ({
  name: 'Link Check Links',
  address: '1 Link Rd',
  city: 'Geelong',
  country: 'Australia',
  venue_type: ['golf_course'],
  ...extra,
});

describe('venues-coaches: stored links are web links (http or https with a host)', () => {
  let venues: VenuesCoachesUnderTest;
  let admin: { id: number; token: string };

  beforeAll(async () => {
    venues = await startVenuesCoaches();
    admin = await venues.signedIn('admin');
  });

  afterAll(() => venues?.close());

  describe('the admin venue wizard (POST|PUT /admin/venues)', () => {
    it.each(NOT_WEB_LINKS)(
      'when every link is %j, then 422 names each link field and nothing is stored',
      async (link) => {
        const before = await venues.count('venues');
        const body = Object.fromEntries(VENUE_LINK_FIELDS.map((field) => [field, link]));
        const res = await venues.post('/admin/venues', wizard(body), admin.token);
        expect(res.statusCode).toBe(422);
        expect(res.json().errors).toEqual(Object.fromEntries(VENUE_LINK_FIELDS.map((f) => [f, MESSAGE])));
        expect(await venues.count('venues')).toBe(before);
      },
    );

    it('when the links are web links (wrapped or plain, blank for none), then they are stored as sent', async () => {
      const res = await venues.post(
        '/admin/venues',
        wizard({
          website_url: { Valid: true, String: 'https://linkcheck.example.com' },
          facebook_url: 'http://facebook.com/linkcheck',
          instagram_url: '',
        }),
        admin.token,
      );
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().venue).toMatchObject({
        website_url: 'https://linkcheck.example.com',
        facebook_url: 'http://facebook.com/linkcheck',
        instagram_url: null,
      });
    });

    it('when a change sends one bad link, then 422 names that field and the venue keeps its link', async () => {
      const { id } = await venues.importVenue({
        name: 'Keep Link Links',
        website_url: 'https://keep.example.com',
      });
      const res = await venues.send('PUT', `/admin/venues/${id}`, admin.token, {
        website_url: 'javascript:alert(1)',
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ website_url: MESSAGE });
      expect((await venues.venueRow(id))?.websiteUrl).toBe('https://keep.example.com');
    });
  });

  describe('a venue a person submits (POST /venues/user-created)', () => {
    it.each(NOT_WEB_LINKS)(
      'when the website is %j, then 422 names website_url and nothing is kept',
      async (link) => {
        const someone = await venues.signedIn('member');
        const before = await venues.count('venues');
        const res = await venues.post(
          '/venues/user-created',
          { name: 'Sneaky Greens', website_url: link },
          someone.token,
        );
        expect(res.statusCode).toBe(422);
        expect(res.json().errors).toEqual({ website_url: MESSAGE });
        expect(await venues.count('venues')).toBe(before);
      },
    );

    it('when the website is a web link, then the venue is kept for review with it', async () => {
      const someone = await venues.signedIn('member');
      const res = await venues.post(
        '/venues/user-created',
        { name: 'Honest Greens', website_url: { Valid: true, String: ' https://honest.example.com ' } },
        someone.token,
      );
      expect(res.statusCode).toBe(201);
      expect((await venues.venueRow(res.json().venue.id))?.websiteUrl).toBe('https://honest.example.com');
    });
  });

  describe('coaches (POST|PUT /admin/coaches, POST /internal/coaches)', () => {
    it.each(NOT_WEB_LINKS)('when the picture is %j, then 422 names profile_image_url', async (link) => {
      const res = await venues.post(
        '/admin/coaches',
        { email: 'pic.coach@example.com', first_name: 'Pic', last_name: 'Coach', profile_image_url: link },
        admin.token,
      );
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ profile_image_url: MESSAGE });
      const imported = await venues.internal('/internal/coaches', {
        first_name: 'Pic',
        last_name: 'Import',
        email: 'pic.import@example.com',
        profile_image_url: link,
      });
      expect(imported.statusCode).toBe(422);
      expect(imported.json().errors).toEqual({ profile_image_url: MESSAGE });
    });

    it('when the picture is a web link, then it is stored', async () => {
      const res = await venues.post(
        '/admin/coaches',
        {
          email: 'fine.coach@example.com',
          first_name: 'Fine',
          last_name: 'Coach',
          profile_image_url: { Valid: true, String: 'https://cdn.example.com/fine.jpg' },
        },
        admin.token,
      );
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().coach.profile_image_url).toBe('https://cdn.example.com/fine.jpg');
    });
  });

  describe('venues the platform imports (POST /internal/venues)', () => {
    it('when a link is not a web link, then 422 names it', async () => {
      const res = await venues.internal('/internal/venues', {
        name: 'Imported Trick',
        venue_type: ['golf_course'],
        virtual_tour_url: 'data:text/html,x',
        youtube_url: 'https://youtube.com/@fine',
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ virtual_tour_url: MESSAGE });
    });
  });

  describe('links stored before the rule (migration 0004_web_links_only)', () => {
    it('when the migration runs, then links that break the rule become null and web links stay', async () => {
      const bad = await venues.importVenue({ name: 'Old Bad Links' });
      const good = await venues.importVenue({ name: 'Old Good Links' });
      const coach = await venues.importCoach({ first_name: 'Oldpic' });
      await venues.pool.query(
        `update venues set website_url = 'javascript:alert(1)', virtual_tour_url = 'data:text/html,x',
           facebook_url = 'file:///etc/passwd', instagram_url = '/relative', twitter_url = 'http://',
           youtube_url = 'https:///x' where id = $1`,
        [bad.id],
      );
      await venues.pool.query(
        `update venues set website_url = 'https://good.example.com', virtual_tour_url = 'HTTP://Tour.example.com/x',
           facebook_url = ' https://facebook.com/good ', instagram_url = null, twitter_url = '',
           youtube_url = 'http://user@youtube.example.com' where id = $1`,
        [good.id],
      );
      await venues.pool.query(`update coaches set profile_image_url = '/uploads/x.webp' where id = $1`, [
        coach,
      ]);

      const migration = readFileSync(join(migrationsFolder, '0004_web_links_only.sql'), 'utf8');
      for (const statement of migration.split('--> statement-breakpoint')) await venues.pool.query(statement);

      const links = async (id: number) =>
        (
          await venues.pool.query(
            `select website_url, virtual_tour_url, facebook_url, instagram_url, twitter_url, youtube_url
               from venues where id = $1`,
            [id],
          )
        ).rows[0];
      expect(await links(bad.id)).toEqual({
        website_url: null,
        virtual_tour_url: null,
        facebook_url: null,
        instagram_url: null,
        twitter_url: null,
        youtube_url: null,
      });
      expect(await links(good.id)).toEqual({
        website_url: 'https://good.example.com',
        virtual_tour_url: 'HTTP://Tour.example.com/x',
        facebook_url: ' https://facebook.com/good ',
        instagram_url: null,
        twitter_url: '',
        youtube_url: 'http://user@youtube.example.com',
      });
      const { rows } = await venues.pool.query('select profile_image_url from coaches where id = $1', [
        coach,
      ]);
      expect(rows[0].profile_image_url).toBeNull();
    });
  });
});
