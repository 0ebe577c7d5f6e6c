import { createHash, randomBytes } from 'node:crypto';
import { conflict, notFound } from '@linksmate/platform';
import { type CalendarFeedReply, EVENT_MESSAGES } from '@linksmate/proto';
import type { ModuleContext } from '../../context';
import { Calendar } from './ics';
import * as repo from './repository';

export const CALENDAR_MESSAGES = {
  feedNotFound: 'Calendar feed not found',
  feedExists:
    'Your calendar feed already exists and its address is kept secret. Make a new address to see it again (the old one stops working).',
} as const;

/** How far back a feed reaches, and how often calendar apps are asked to fetch it again. */
const FEED_PAST_DAYS = 30;
const FEED_REFRESH_MINUTES = 60;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Calendars (beyond the spec): one event as an .ics download, and a secret personal feed of the
 * person's games. Only a hash of the feed's token is kept, so the address is shown when it is made.
 */
export class CalendarService {
  constructor(private readonly deps: ModuleContext) {}

  private get db() {
    return this.deps.runtime.db;
  }

  private get publicUrl() {
    return this.deps.config.PUBLIC_URL.replace(/\/$/, '');
  }

  async eventIcs(eventId: number): Promise<string> {
    const event = await repo.calendarEvent(this.db, eventId);
    if (!event) throw notFound(EVENT_MESSAGES.eventNotFound, 'event_not_found');
    return new Calendar().add(event, { publicUrl: this.publicUrl, now: this.deps.clock() }).toString();
  }

  /** The feed's address, made on the first call; later calls are refused (only its hash is kept). */
  async feedUrl(userId: number): Promise<CalendarFeedReply> {
    const token = randomBytes(32).toString('base64url');
    if (!(await repo.storeFeed(this.db, userId, hashToken(token), true)))
      throw conflict(CALENDAR_MESSAGES.feedExists, 'feed_exists');
    return this.reply(token);
  }

  /** A new address; the old one stops working at once. */
  async rotate(userId: number): Promise<CalendarFeedReply> {
    const token = randomBytes(32).toString('base64url');
    await repo.storeFeed(this.db, userId, hashToken(token), false);
    return this.reply(token);
  }

  private reply(token: string): CalendarFeedReply {
    const url = `${this.publicUrl}/api/v1/calendar/feed/${token}.ics`;
    return { url, webcal_url: url.replace(/^https?:\/\//, 'webcal://') };
  }

  async feed(token: string): Promise<string> {
    const userId = await repo.feedUser(this.db, hashToken(token));
    if (userId === undefined) throw notFound(CALENDAR_MESSAGES.feedNotFound, 'feed_not_found');
    const now = this.deps.clock();
    const since = new Date(now.getTime() - FEED_PAST_DAYS * 24 * 3600_000);
    const calendar = new Calendar({ name: 'LinksMate', refreshMinutes: FEED_REFRESH_MINUTES });
    for (const event of await repo.personalEvents(this.db, userId, since))
      calendar.add(event, { publicUrl: this.publicUrl, now });
    return calendar.toString();
  }
}
