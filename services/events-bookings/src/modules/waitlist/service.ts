import { conflict, notFound } from '@linksmate/platform';
import { EVENT_MESSAGES, type WaitlistReply } from '@linksmate/proto';
import type { ModuleContext } from '../../context';
import type { Db, EventRow, WaitlistEntryRow } from '../../db/types';
import {
  BookingNotices,
  type BookingsService,
  bookingOf,
  isPast,
  pendingCount,
  refuseClosed,
  refuseExisting,
  refuseOutsideGate,
  refuseOwnGame,
  userById,
} from '../bookings/service';
import { insertHold, releaseOfferHold, type Seats, takesCardPayment } from '../seats/service';
import { WaitlistNotices } from './notify';
import * as repo from './repository';

// The checkout ends or takes up an offer through these, in its transaction.
export { expireOffersOf, promoteWaitlistEntryOf } from './repository';

export const WAITLIST_MESSAGES = {
  joined: 'You are on the waitlist. We will e-mail you when a seat frees up.',
  left: 'You have left the waitlist',
} as const;

export interface WaitlistDeps extends ModuleContext {
  seats: Seats;
  bookings: BookingsService;
}

/**
 * The waitlist of a full event (beyond the spec), first come first served. Whenever seats of an
 * event come free (Seats.freed, in the freeing transaction, under the event's lock) the first in
 * line is promoted: a join request on a member game, a confirmed seat on a free official event, or
 * on a card-paid event a seat held for them for WAITLIST_OFFER_MINUTES while they decide to pay.
 */
export class WaitlistService {
  private readonly notices: BookingNotices;
  private readonly waitlistNotices: WaitlistNotices;

  constructor(private readonly deps: WaitlistDeps) {
    this.notices = new BookingNotices(deps.runtime);
    this.waitlistNotices = new WaitlistNotices(deps.runtime);
  }

  private get db() {
    return this.deps.runtime.db;
  }

  async join(eventId: number, userId: number): Promise<WaitlistReply> {
    const entry = await this.db.transaction(async (tx) => {
      const now = this.deps.clock();
      const event = await this.deps.seats.lock(tx, eventId);
      refuseClosed(event, now);
      refuseOwnGame(event, userId);
      refuseExisting(await bookingOf(tx, event.id, userId));
      refuseOutsideGate(event, await userById(tx, userId));
      if (await repo.activeEntry(tx, event.id, userId))
        throw conflict(EVENT_MESSAGES.alreadyWaiting, 'already_waiting');
      if ((await this.deps.seats.available(tx, event, now)) > 0)
        throw conflict(EVENT_MESSAGES.notFullNoWaitlist, 'not_full');
      return repo.insertEntry(tx, event.id, userId, now);
    });
    return { message: WAITLIST_MESSAGES.joined, entry: await this.entryView(this.db, entry) };
  }

  /** Leaving the line; an unpaid offer's seat goes to the next in line. */
  async leave(eventId: number, userId: number): Promise<WaitlistReply> {
    const view = await this.db.transaction(async (tx) => {
      const event = await this.deps.seats.lock(tx, eventId);
      if (!event || event.deletedAt) throw notFound(EVENT_MESSAGES.eventNotFound, 'event_not_found');
      const entry = await repo.activeEntry(tx, event.id, userId);
      if (!entry) throw notFound(EVENT_MESSAGES.notWaiting, 'not_waiting');
      const view = await this.entryView(tx, entry);
      await repo.setEntry(tx, entry.id, { status: 'left' });
      if (entry.status === 'offered' && entry.holdId && (await releaseOfferHold(tx, entry.holdId)))
        await this.deps.seats.freed(tx, event.id);
      return view;
    });
    return { message: WAITLIST_MESSAGES.left, entry: view };
  }

  private async entryView(db: Db, entry: WaitlistEntryRow): Promise<WaitlistReply['entry']> {
    return {
      event_id: entry.eventId,
      status: entry.status === 'offered' ? 'offered' : 'waiting',
      position: await repo.positionOf(db, entry),
      offer_expires_at: entry.offerExpiresAt?.toISOString() ?? null,
    };
  }

  /**
   * Seats of a locked event came free: while some are, the first waiting entry is promoted. Join
   * requests take no seat until approved, so a game promotes only while seats outnumber them.
   */
  promoteNext = async (tx: Db, eventId: number): Promise<void> => {
    const now = this.deps.clock();
    const event = await this.deps.seats.lock(tx, eventId);
    if (!event || event.deletedAt || event.status === 'cancelled' || isPast(event, now)) return;
    const paid = await takesCardPayment(tx, event);
    const isGame = event.eventType === 'member_game';
    for (;;) {
      let free = await this.deps.seats.available(tx, event, now);
      if (isGame) free -= await pendingCount(tx, event.id);
      if (free < 1) return;
      const entry = await repo.firstWaiting(tx, event.id);
      if (!entry) return;
      const existing = await bookingOf(tx, event.id, entry.userId, true);
      if (existing && existing.status !== 'cancelled') {
        // In by another way meanwhile (or refused by the creator): out of the line.
        await repo.setEntry(tx, entry.id, { status: 'left' });
        continue;
      }
      if (isGame || !paid) await this.promote(tx, event, entry, existing, isGame, now);
      else await this.offer(tx, event, entry, now);
    }
  };

  private async promote(
    tx: Db,
    event: EventRow,
    entry: WaitlistEntryRow,
    existing: Awaited<ReturnType<typeof bookingOf>>,
    isGame: boolean,
    now: Date,
  ): Promise<void> {
    if (isGame) await this.deps.bookings.request(tx, event, existing, entry.userId, null, now);
    else await this.deps.bookings.confirm(tx, event, existing, entry.userId, null, now);
    await repo.setEntry(tx, entry.id, { status: 'promoted' });
    await this.notices.email(tx, entry.userId, 'waitlist-promoted', {
      event_id: event.id,
      event_title: event.title,
      start_time: event.startTime.toISOString(),
      outcome: isGame ? 'requested' : 'confirmed',
    });
  }

  private async offer(tx: Db, event: EventRow, entry: WaitlistEntryRow, now: Date): Promise<void> {
    const expiresAt = new Date(now.getTime() + this.deps.config.WAITLIST_OFFER_MINUTES * 60_000);
    // One seat held for the person, priced when they accept at the checkout.
    const hold = await insertHold(tx, {
      eventId: event.id,
      userId: entry.userId,
      seats: 1,
      items: [],
      subtotal: 0,
      gstAmount: 0,
      total: 0,
      currency: event.currency,
      paymentIntentId: null,
      status: 'held',
      expiresAt,
      createdAt: now,
      updatedAt: now,
    });
    await repo.setEntry(tx, entry.id, { status: 'offered', holdId: hold.id, offerExpiresAt: expiresAt });
    await this.waitlistNotices.offered(tx, event, entry.userId, expiresAt, now);
    await this.notices.email(tx, entry.userId, 'waitlist-offered', {
      event_id: event.id,
      event_title: event.title,
      start_time: event.startTime.toISOString(),
      offer_expires_at: expiresAt.toISOString(),
    });
  }
}
