import type { Db, EventRow } from '../../db/types';
import { KeyedBatches, KeyedQueue, type Outcome } from './queue';
import { lockEvent, refreshParticipantCount, seatsTaken } from './repository';

export type { Outcome } from './queue';
// This module is the only writer of `seat_holds` (seats held are seats taken): the checkout, the
// waitlist and refunds write holds through these, in the caller's transaction.
export {
  insertHold,
  lockEvent,
  markHoldRefunded,
  type NewHold,
  oweRefunds,
  refreshParticipantCount,
  releaseLapsedHolds,
  releaseOfferHold,
  releaseOwnCheckoutHolds,
  seatsTakenSql,
  takesCardPayment,
  takesCardPaymentSql,
  updateHold,
} from './repository';

/** Called, in the same transaction, after seats of an event became free (the waitlist listens). */
export type SeatsFreedListener = (tx: Db, eventId: number) => Promise<void>;

/**
 * Capacity, the one place it is decided. Callers lock the event (`lockEvent`) first, in their
 * transaction; then `available` is exact until they commit, and `settle` re-derives the count.
 */
export class Seats {
  private readonly freedListeners: SeatsFreedListener[] = [];
  private readonly perEvent = new KeyedQueue();

  /**
   * Runs seat-changing work for one event one piece at a time in this process (joins, approvals,
   * checkouts, paid confirmations): a crowd at one event waits here, holding no database
   * connection, instead of on the row lock holding one each. The row lock still decides between
   * processes. Never call it from inside work it runs for the same event (it would wait on itself).
   */
  serially<T>(eventId: number, work: () => Promise<T>): Promise<T> {
    return this.perEvent.run(eventId, work);
  }

  /**
   * Work for one event gathered while its earlier work runs, then done together in one turn of
   * `serially` (at most `max` a turn): `turn` answers each piece, in order, under one lock.
   */
  batches<I, R>(turn: (eventId: number, items: I[]) => Promise<Array<Outcome<R>>>, max: number) {
    return new KeyedBatches<I, R>((eventId, work) => this.serially(eventId, work), turn, max);
  }

  /** Seats still free on a locked event, leaving out one hold (the caller's own) if given. */
  async available(tx: Db, event: EventRow, now: Date, exceptHoldId?: number): Promise<number> {
    return this.free(event, await seatsTaken(tx, event.id, now, exceptHoldId));
  }

  /** Seats still free given the seats taken as read with the event (`seatsTakenSql`). */
  free(event: EventRow, taken: { confirmed: number; held: number }): number {
    return Math.max(0, event.capacity - Number(taken.confirmed) - Number(taken.held));
  }

  /** After bookings of a locked event changed: the participant count, derived again. */
  settle(tx: Db, eventId: number): Promise<number> {
    return refreshParticipantCount(tx, eventId);
  }

  lock(tx: Db, eventId: number): Promise<EventRow | undefined> {
    return lockEvent(tx, eventId);
  }

  onSeatsFreed(listener: SeatsFreedListener): void {
    this.freedListeners.push(listener);
  }

  /** Seats of a locked event became free (cancellation, lapsed hold, capacity raised). */
  async freed(tx: Db, eventId: number): Promise<void> {
    for (const listener of this.freedListeners) await listener(tx, eventId);
  }
}
