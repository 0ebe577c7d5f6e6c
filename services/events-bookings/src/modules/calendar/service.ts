import { createHash, createHmac, randomBytes } from 'node:crypto';
import { notFound } from '@linksmate/platform';
import { type CalendarFeedReply, EVENT_MESSAGES } from '@linksmate/proto';
import type { ModuleContext } from '../../context';
import { Calendar } from './ics';
import * as repo from './repository';

export const CALENDAR_MESSAGES = {
  feedNotFound: 'Calendar feed not found',
} as const;

/** How far back a feed reaches, and how often calendar apps are asked to fetch it again. */
const FEED_PAST_DAYS = 30;
const FEED_REFRESH_MINUTES = 60;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Calendars (beyond the spec): one event as an .ics download, and a secret personal feed of the
 * person's games. The feed's token is an HMAC of a stored nonce under a key derived from the service
 * secret: the database alone does not give the address away, yet the person can always see it.
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

  private get feedKey() {
    return createHash('sha256').update(`calendar-feed:${this.deps.config.SERVICE_TOKEN}`).digest();
  }

  private tokenOf(userId: number, nonce: string) {
    return createHmac('sha256', this.feedKey).update(`${userId}.${nonce}`).digest('base64url');
  }

  private async store(userId: number, onlyIfNone: boolean): Promise<void> {
    const nonce = randomBytes(16).toString('base64url');
    const tokenHash = hashToken(this.tokenOf(userId, nonce));
    await repo.storeFeed(this.db, { userId, nonce, tokenHash }, onlyIfNone);
  }

  /** The feed's address, made on the first call and the same on every later one. */
  async feedUrl(userId: number): Promise<CalendarFeedReply> {
    let nonce = await repo.feedNonce(this.db, userId);
    if (!nonce) {
      await this.store(userId, true);
      nonce = (await repo.feedNonce(this.db, userId))!;
    }
    return this.reply(this.tokenOf(userId, nonce));
  }

  /** A new address; the old one stops working at once. */
  async rotate(userId: number): Promise<CalendarFeedReply> {
    await this.store(userId, false);
    return this.reply(this.tokenOf(userId, (await repo.feedNonce(this.db, userId))!));
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
