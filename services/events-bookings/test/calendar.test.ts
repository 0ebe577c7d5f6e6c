import { OFFICIAL_EVENT_TYPE } from '@linksmate/proto';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EventsBookingsUnderTest, type Person, startEventsBookings } from './fixtures';

const PUBLIC_URL = 'https://linksmate.example';
const DAY = 24 * 3600_000;

/** The .ics as a calendar app reads it: through a real iCalendar parser. */
function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return { calendar, events: calendar.getAllSubcomponents('vevent') };
}

describe('events-bookings: calendars', () => {
  let eb: EventsBookingsUnderTest;

  beforeAll(async () => {
    eb = await startEventsBookings({ PUBLIC_URL });
  });
  afterAll(async () => {
    await eb?.close();
  });

  const feedPath = (url: string) => new URL(url).pathname.replace(/^\/api\/v1/, '');

  it("when someone downloads an event's .ics, then a calendar app reads its title, times, place, link and text", async () => {
    const venueId = await eb.venue({
      name: 'Royal Links, Sydney; North',
      address: '12 Bunker Rd',
      city: 'Sydney',
      state: 'NSW',
      lat: -33.85,
      lng: 151.21,
    });
    const description =
      'Shotgun start — bring water; ☀️ sun protection, and your A-game.\nSecond line with a backslash \\ too. '.repeat(
        3,
      );
    const event = await eb.event({
      eventType: OFFICIAL_EVENT_TYPE,
      venueId,
      title: 'Twilight, Nine; Holes',
      description,
    });
    const res = await eb.get(`/events/${event.id}/calendar.ics`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/calendar/);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="event-${event.id}.ics"`);
    // RFC 5545: CRLF line ends and no line longer than 75 octets.
    const lines = res.body.split('\r\n');
    expect(res.body.endsWith('\r\n')).toBe(true);
    for (const line of lines) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    expect(lines.some((line) => line.startsWith(' '))).toBe(true);

    const { events } = parse(res.body);
    expect(events).toHaveLength(1);
    const vevent = events[0]!;
    const parsed = new ICAL.Event(vevent);
    expect(parsed.uid).toBe(`event-${event.id}@linksmate`);
    expect(parsed.summary).toBe('Twilight, Nine; Holes');
    expect(parsed.location).toBe('Royal Links, Sydney; North, 12 Bunker Rd, Sydney, NSW');
    expect(parsed.description).toBe(`${description.trim()}\n\n${PUBLIC_URL}/events/${event.id}`);
    // iCalendar times are to the second.
    const toSecond = (d: Date) => Math.floor(d.getTime() / 1000) * 1000;
    expect(parsed.startDate.toJSDate().getTime()).toBe(toSecond(event.startTime));
    expect(parsed.endDate.toJSDate().getTime()).toBe(toSecond(event.endTime!));
    expect(parsed.startDate.zone.tzid).toBe('UTC');
    expect(vevent.getFirstPropertyValue('url')).toBe(`${PUBLIC_URL}/events/${event.id}`);
    expect(vevent.getFirstPropertyValue('geo')).toEqual([-33.85, 151.21]);
  });

  it('when the event is unknown or deleted, then its .ics is 404', async () => {
    expect((await eb.get('/events/999999/calendar.ics')).statusCode).toBe(404);
    const deleted = await eb.event({ deletedAt: eb.clock.now() });
    expect((await eb.get(`/events/${deleted.id}/calendar.ics`)).statusCode).toBe(404);
  });

  it('when a person asks for their feed, then its secret address lists their confirmed and pending games and the ones they created, recent and upcoming', async () => {
    const me: Person = await eb.person();
    const creator = await eb.person();
    const now = eb.clock.now().getTime();
    const confirmed = await eb.event({ eventType: OFFICIAL_EVENT_TYPE, title: 'Confirmed Cup', capacity: 5 });
    const pending = await eb.event({ creatorUserId: creator.id, title: 'Pending Fourball' });
    const mine = await eb.event({ creatorUserId: me.id, title: 'My Own Game' });
    const recent = await eb.event({
      eventType: OFFICIAL_EVENT_TYPE,
      title: 'Last Week Scramble',
      startTime: new Date(now - 7 * DAY),
      endTime: new Date(now - 7 * DAY + 3600_000),
    });
    const old = await eb.event({
      creatorUserId: me.id,
      title: 'Ancient Medal',
      startTime: new Date(now - 60 * DAY),
      endTime: new Date(now - 60 * DAY + 3600_000),
    });
    const cancelledBooking = await eb.event({ eventType: OFFICIAL_EVENT_TYPE, title: 'Dropped Out' });
    const notMine = await eb.event({ eventType: OFFICIAL_EVENT_TYPE, title: 'Someone Else' });
    expect((await eb.post(`/events/${confirmed.id}/join`, {}, me.token)).statusCode).toBe(201);
    expect((await eb.post(`/events/${pending.id}/join`, {}, me.token)).statusCode).toBe(201);
    const dropped = (await eb.post(`/events/${cancelledBooking.id}/join`, {}, me.token)).json().booking;
    await eb.post(`/bookings/${dropped.id}/cancel`, {}, me.token);
    await eb.pool.query(`insert into bookings (event_id, user_id, status) values ($1, $2, 'confirmed')`, [
      recent.id,
      me.id,
    ]);

    const res = await eb.get('/calendar/feed-url', me.token);
    expect(res.statusCode, res.body).toBe(200);
    const { url, webcal_url } = res.json();
    expect(url).toMatch(new RegExp(`^${PUBLIC_URL}/api/v1/calendar/feed/[A-Za-z0-9_-]{43}\\.ics$`));
    expect(webcal_url).toBe(url.replace('https://', 'webcal://'));
    const token = url.match(/feed\/(.+)\.ics$/)[1];
    const stored = await eb.pool.query('select token_hash from calendar_feeds where user_id = $1', [me.id]);
    expect(stored.rows[0].token_hash).not.toContain(token);
    expect(stored.rows[0].token_hash).toMatch(/^[0-9a-f]{64}$/);

    const feed = await eb.get(feedPath(url));
    expect(feed.statusCode, feed.body).toBe(200);
    expect(feed.headers['content-type']).toMatch(/^text\/calendar/);
    const { calendar, events } = parse(feed.body);
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('LinksMate');
    expect(feed.body).toContain('REFRESH-INTERVAL;VALUE=DURATION:PT60M');
    const titles = events.map((e) => new ICAL.Event(e).summary).sort();
    expect(titles).toEqual(['Confirmed Cup', 'Last Week Scramble', 'My Own Game', 'Pending Fourball']);
    const tentative = events.find((e) => new ICAL.Event(e).summary === 'Pending Fourball');
    expect(tentative?.getFirstPropertyValue('status')).toBe('TENTATIVE');
    const uids = events.map((e) => new ICAL.Event(e).uid);
    expect(new Set(uids)).toEqual(
      new Set([confirmed, pending, mine, recent].map((e) => `event-${e.id}@linksmate`)),
    );
    // Older than 30 days, a cancelled booking, and another person's event stay out.
    for (const left of [old, cancelledBooking, notMine])
      expect(uids).not.toContain(`event-${left.id}@linksmate`);
  });

  it('when a person rotates their feed address, then the old one stops working and the new one works', async () => {
    const me = await eb.person();
    const first = (await eb.get('/calendar/feed-url', me.token)).json().url;
    expect((await eb.get(feedPath(first))).statusCode).toBe(200);
    // Only a hash is kept: the address is shown once, and a new one is made to see it again.
    const again = await eb.get('/calendar/feed-url', me.token);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('feed_exists');
    const rotated = await eb.post('/calendar/feed-url/rotate', {}, me.token);
    expect(rotated.statusCode, rotated.body).toBe(200);
    const second = rotated.json().url;
    expect(second).not.toBe(first);
    expect((await eb.get(feedPath(first))).statusCode).toBe(404);
    expect((await eb.get(feedPath(second))).statusCode).toBe(200);
  });

  it('when the feed token is unknown, or no one is signed in to ask for one, then 404 and 401', async () => {
    expect((await eb.get(`/calendar/feed/${'x'.repeat(43)}.ics`)).statusCode).toBe(404);
    expect((await eb.get('/calendar/feed-url')).statusCode).toBe(401);
    expect((await eb.post('/calendar/feed-url/rotate', {})).statusCode).toBe(401);
  });
});
