import { conflict, type EventMeta, notFound } from '@linksmate/platform';
import {
  type Booking,
  type BookingStatus,
  EVENT_MESSAGES,
  type JoinEventBody,
  type JoinEventReply,
  type JoinRequestDecisionReply,
  type JoinRequestsReply,
  unwrap,
} from '@linksmate/proto';
import type { BookingRow, Db, EventRow } from '../../db/types';
import type { Outcome } from '../seats/service';
import type { BookingNotices } from './notify';
import * as repo from './repository';
import {
  BOOKING_MESSAGES,
  eventFull,
  eventNotFound,
  notCreator,
  refuseClosed,
  refuseExisting,
  refuseOutsideGate,
  refuseOwnGame,
} from './rules';
import type { BookingsDeps } from './types';

/** A join that passed the rules unlocked, waiting for the event's turn. */
interface JoinAsk {
  userId: number;
  notes: string | null;
  meta: EventMeta;
}

/** Joins of one event decided under one lock and commit at most (the lock is held that long). */
const JOINS_PER_TURN = 32;

/**
 * Joining an event and a game's join requests (spec 2 "Event detail", §§3, 7): joins wait for their
 * event's turn and are decided together under its lock; the creator approves or rejects requests.
 */
export class Joins {
  private readonly turns;
  /** The facts a join is refused on before the event's queue, read by a prepared statement. */
  private readonly factsBeforeQueue;

  constructor(
    private readonly deps: BookingsDeps,
    private readonly notices: BookingNotices,
  ) {
    this.turns = deps.seats.batches<JoinAsk, Booking>(
      (eventId, asks) => this.joinTogether(eventId, asks),
      JOINS_PER_TURN,
    );
    this.factsBeforeQueue = repo.preparedJoinFacts(deps.runtime.preparedDb);
  }

  private get db() {
    return this.deps.runtime.db;
  }

  private now(): Date {
    return this.deps.clock();
  }

  /**
   * Join (spec 2 "Event detail"): a member game takes a join request for its creator to decide; an
   * open free official event confirms the seat at once. Paid events go through the checkout.
   */
  async join(eventId: number, userId: number, body: JoinEventBody, meta: EventMeta): Promise<JoinEventReply> {
    const notes = unwrap(body.notes)?.trim() || null;
    // Every refusal (a full event above all) is found first without the event's queue or lock: a
    // crowd at a sold-out event hears "full" at once instead of waiting its turn to hear it. What
    // passes is decided again under the lock, where the last seats are given (never twice).
    const now = this.now();
    this.refuseJoin(await this.factsBeforeQueue(eventId, userId, now), userId, now);
    const booking = await this.turns.add(eventId, { userId, notes, meta });
    return {
      message: booking.booking_status === 'pending' ? BOOKING_MESSAGES.requestSent : BOOKING_MESSAGES.joined,
      booking,
    };
  }

  /**
   * In the event's turn, the joins gathered while it waited, under one lock and one commit, decided
   * together: everyone's facts in one read, the rules for each in arrival order (counting the seats
   * given earlier in the turn), then the bookings, the participant count and the events written once
   * for the whole turn, and read back as the API shows them — a handful of statements however many
   * joins it holds, so the last seats of a crowded event are not handed out one round trip at a
   * time. Should the turn fail, its joins are made again one by one in a new transaction, each on its
   * own savepoint, so a failure answers its person alone.
   */
  private async joinTogether(eventId: number, asks: JoinAsk[]): Promise<Array<Outcome<Booking>>> {
    try {
      return await this.db.transaction((tx) => this.decideTogether(tx, eventId, asks));
    } catch (err) {
      this.deps.runtime.logger.warn(
        { err, eventId },
        'a turn of joins failed together; deciding them one by one',
      );
      return this.db.transaction(async (tx) => {
        await this.deps.seats.lock(tx, eventId);
        return this.decideOneByOne(tx, eventId, asks);
      });
    }
  }

  /** The turn decided together (see `joinTogether`); its first read takes the event's lock. */
  private async decideTogether(tx: Db, eventId: number, asks: JoinAsk[]): Promise<Array<Outcome<Booking>>> {
    const now = this.now();
    const turn = await repo.turnFacts(
      tx,
      eventId,
      asks.map((ask) => ask.userId),
      now,
    );
    const outcomes: Array<Outcome<Booking>> = [];
    const accepted: Array<{ index: number; ask: JoinAsk; existing: BookingRow | undefined }> = [];
    // Who this turn already gave a booking (the same person twice in one turn hears the rule on it).
    const decidedInTurn = new Map<number, BookingStatus>();
    let seatsGiven = 0;
    let event: EventRow | undefined;
    asks.forEach((ask, index) => {
      try {
        const facts = turn && {
          ...turn,
          taken: { confirmed: turn.taken.confirmed + seatsGiven, held: turn.taken.held },
          existing: turn.existing.get(ask.userId),
          person: turn.people.get(ask.userId),
        };
        const decided = this.refuseJoin(facts, ask.userId, now, decidedInTurn.get(ask.userId));
        event = decided.event;
        const status = decided.event.eventType === 'member_game' ? 'pending' : 'confirmed';
        if (status === 'confirmed') seatsGiven++;
        decidedInTurn.set(ask.userId, status);
        accepted.push({ index, ask, existing: decided.existing });
      } catch (error) {
        outcomes[index] = { ok: false, error };
      }
    });
    if (!event || !accepted.length) return outcomes;
    const written = await repo.writeBookings(
      tx,
      accepted.map(({ ask, existing }) => ({
        existing,
        eventId,
        userId: ask.userId,
        status: decidedInTurn.get(ask.userId)!,
        notes: ask.notes,
        now,
      })),
    );
    if (seatsGiven > 0) await this.deps.seats.settle(tx, eventId);
    const told = written.map((booking, i) => {
      const { ask, existing } = accepted[i]!;
      return booking.status === 'pending'
        ? this.notices.joinRequestEvent('submitted', event!, booking, now, ask.meta)
        : this.notices.bookingEvent('confirmed', event!, booking, existing?.status ?? null, now, ask.meta);
    });
    await this.notices.publish(tx, told);
    const views = await repo.bookingViews(
      tx,
      written.map((booking) => booking.id),
    );
    views.forEach((booking, i) => {
      outcomes[accepted[i]!.index] = { ok: true, value: booking };
    });
    return outcomes;
  }

  /** The turn's joins one by one, each on its own savepoint: the rules read again, then the seat or the request. */
  private async decideOneByOne(tx: Db, eventId: number, asks: JoinAsk[]): Promise<Array<Outcome<Booking>>> {
    const outcomes: Array<Outcome<Booking>> = [];
    for (const { userId, notes, meta } of asks) {
      try {
        const booking = await tx.transaction(async (one) => {
          const now = this.now();
          const facts = await repo.joinFacts(one, eventId, userId, now);
          const { event, existing } = this.refuseJoin(facts, userId, now);
          const written =
            event.eventType === 'member_game'
              ? await this.request(one, event, existing, userId, notes, now, meta)
              : await this.confirm(one, event, existing, userId, notes, now, meta);
          return repo.bookingView(one, written.id);
        });
        outcomes.push({ ok: true, value: booking });
      } catch (error) {
        outcomes.push({ ok: false, error });
      }
    }
    return outcomes;
  }

  /** Every rule of joining, in the order a person hears them; the booking to reuse, if any. */
  private refuseJoin(
    facts: repo.JoinFacts | undefined,
    userId: number,
    now: Date,
    decidedInTurn?: BookingStatus,
  ): { event: EventRow; existing: BookingRow | undefined } {
    const event = facts?.event;
    refuseClosed(event, now);
    if (facts!.paid) throw conflict(EVENT_MESSAGES.paidEventUsesCheckout, 'card_payment_required');
    refuseOwnGame(event, userId);
    refuseExisting(decidedInTurn ? { status: decidedInTurn } : facts!.existing);
    refuseOutsideGate(event, facts!.person);
    if (this.deps.seats.free(event, facts!.taken) < 1) throw eventFull();
    return { event, existing: facts!.existing };
  }

  /** A pending join request for the game's creator (the waitlist makes them too). */
  async request(
    tx: Db,
    event: EventRow,
    existing: BookingRow | undefined,
    userId: number,
    notes: string | null,
    now: Date,
    meta?: EventMeta,
  ): Promise<BookingRow> {
    const booking = await repo.writeBooking(tx, existing, {
      eventId: event.id,
      userId,
      status: 'pending',
      notes,
      now,
    });
    await this.notices.joinRequest(tx, 'submitted', event, booking, now, meta);
    return booking;
  }

  /** A confirmed seat on a locked event whose capacity the caller checked. */
  async confirm(
    tx: Db,
    event: EventRow,
    existing: BookingRow | undefined,
    userId: number,
    notes: string | null,
    now: Date,
    meta?: EventMeta,
  ): Promise<BookingRow> {
    const booking = await repo.writeBooking(tx, existing, {
      eventId: event.id,
      userId,
      status: 'confirmed',
      notes,
      now,
    });
    await this.deps.seats.settle(tx, event.id);
    await this.notices.booking(tx, 'confirmed', event, booking, existing?.status ?? null, now, meta);
    return booking;
  }

  /** A game's event row, for its creator only. */
  private async ownGame(db: Db, eventId: number, userId: number, lock: boolean): Promise<EventRow> {
    const event = lock ? await this.deps.seats.lock(db, eventId) : await repo.eventById(db, eventId);
    if (!event || event.deletedAt) throw eventNotFound();
    if (event.creatorUserId !== userId) throw notCreator();
    return event;
  }

  async joinRequests(eventId: number, userId: number): Promise<JoinRequestsReply> {
    await this.ownGame(this.db, eventId, userId, false);
    return { join_requests: await repo.pendingRequests(this.db, eventId) };
  }

  /** The creator approves (a seat, if one is free) or rejects a pending join request. */
  async decide(
    eventId: number,
    requestId: number,
    userId: number,
    decision: 'approve' | 'reject',
    meta: EventMeta,
  ): Promise<JoinRequestDecisionReply> {
    if (decision === 'approve') {
      // Refused before the event's queue when the game is already full (decided again under the lock).
      const game = await this.ownGame(this.db, eventId, userId, false);
      const request = await repo.bookingById(this.db, requestId);
      const decidable = request?.eventId === game.id && request.status === 'pending';
      if (decidable && (await this.deps.seats.available(this.db, game, this.now())) < 1) throw eventFull();
    }
    const { booking, count } = await this.deps.seats.serially(eventId, () =>
      this.decideNow(eventId, requestId, userId, decision, meta),
    );
    return {
      message: decision === 'approve' ? BOOKING_MESSAGES.approved : BOOKING_MESSAGES.rejected,
      booking: await repo.bookingView(this.db, booking.id),
      current_participant_count: count,
    };
  }

  private async decideNow(
    eventId: number,
    requestId: number,
    userId: number,
    decision: 'approve' | 'reject',
    meta: EventMeta,
  ): Promise<{ booking: BookingRow; count: number }> {
    return this.db.transaction(async (tx) => {
      const now = this.now();
      const event = await this.ownGame(tx, eventId, userId, true);
      const request = await repo.bookingById(tx, requestId, true);
      if (!request || request.eventId !== event.id)
        throw notFound(EVENT_MESSAGES.requestNotFound, 'request_not_found');
      if (request.status !== 'pending') throw conflict(BOOKING_MESSAGES.requestDecided, 'request_decided');
      if (decision === 'reject') {
        const rejected = await repo.setBookingStatus(tx, request.id, 'rejected', now);
        await this.notices.joinRequest(tx, 'rejected', event, rejected, now, meta);
        await this.mailDecision(tx, event, rejected, meta);
        return { booking: rejected, count: event.participantCount };
      }
      refuseClosed(event, now);
      if ((await this.deps.seats.available(tx, event, now)) < 1) throw eventFull();
      const approved = await repo.setBookingStatus(tx, request.id, 'confirmed', now);
      const count = await this.deps.seats.settle(tx, event.id);
      await this.notices.joinRequest(tx, 'approved', event, approved, now, meta);
      await this.notices.booking(tx, 'confirmed', event, approved, 'pending', now, meta);
      await this.mailDecision(tx, event, approved, meta);
      return { booking: approved, count };
    });
  }

  private mailDecision(tx: Db, event: EventRow, booking: BookingRow, meta: EventMeta) {
    return this.notices.email(
      tx,
      booking.userId,
      'join-request-decided',
      {
        event_id: event.id,
        event_title: event.title,
        approved: booking.status === 'confirmed',
        start_time: event.startTime.toISOString(),
      },
      meta,
    );
  }
}
