import { EVENT_MESSAGES, gstOnCents, HANDICAP, MEMBER_GAME_CAPACITY } from '@linksmate/proto/rules';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { optionsOf, selectionsOf, totalsOf } from '../../src/features/events/components/slot-selection';
import {
  firstInvalidGameField,
  type GameFormValues,
  gameBodyOf,
  initialGameValues,
  isFree,
  serverFieldErrors,
  validateGame,
} from '../../src/features/games/components/game-form';
import { endAfterNewStart, nextFullHour, QUICK_STARTS } from '../../src/features/games/components/game-times';
import { aTicketType } from '../support/fixtures';

const game = (patch: Partial<GameFormValues> = {}): GameFormValues => ({
  ...initialGameValues(),
  title: 'Twilight nine',
  venue_id: 7,
  start_time: new Date('2026-12-05T17:00'),
  end_time: new Date('2026-12-05T21:00'),
  ...patch,
});

describe('the create game form (docs/product.md#community-validation)', () => {
  it('when it opens, then it starts at the next full hour, ends four hours later, for four players, free', () => {
    const values = initialGameValues();
    expect(values.start_time!.getMinutes()).toBe(0);
    expect(values.end_time!.getTime() - values.start_time!.getTime()).toBe(4 * 3600_000);
    expect(values).toMatchObject({ capacity: MEMBER_GAME_CAPACITY.default, price: 0, currency: 'AUD' });
    expect(isFree(values)).toBe(true);
  });

  it('when the quick starts are picked on a Saturday at 10:20, then next hour is 11:00, tomorrow 9:00, and next Saturday a week on', () => {
    const saturday = dayjs('2026-12-05T10:20');
    const at = Object.fromEntries(
      QUICK_STARTS.map((quick) => [quick.label, quick.at(saturday).format('ddd D MMM HH:mm')]),
    );
    expect(at).toEqual({
      'Next Hour': 'Sat 5 Dec 11:00',
      'Tomorrow 9AM': 'Sun 6 Dec 09:00',
      'Next Saturday 9AM': 'Sat 12 Dec 09:00',
      'Next Sunday 8AM': 'Sun 6 Dec 08:00',
    });
    expect(nextFullHour(dayjs('2026-12-05T10:00')).format('HH:mm')).toBe('11:00');
  });

  it('when the start moves past the end, then the end follows four hours on; a later end stays', () => {
    const start = new Date('2026-12-05T18:00');
    expect(endAfterNewStart(start, new Date('2026-12-05T17:00'))).toEqual(new Date('2026-12-05T22:00'));
    expect(endAfterNewStart(start, new Date('2026-12-05T23:00'))).toEqual(new Date('2026-12-05T23:00'));
    expect(endAfterNewStart(null, new Date('2026-12-05T23:00'))).toEqual(new Date('2026-12-05T23:00'));
  });

  it('when the form is valid, then nothing is said; when fields are missing, then each says so in the spec words', () => {
    expect(validateGame(game())).toEqual({});
    expect(validateGame(game({ title: ' ', venue_id: null, start_time: null }))).toEqual({
      title: EVENT_MESSAGES.titleRequired,
      venue_id: EVENT_MESSAGES.venueRequired,
      start_time: EVENT_MESSAGES.startRequired,
    });
    expect(validateGame(game({ end_time: new Date('2026-12-05T17:00') })).end_time).toBe(
      EVENT_MESSAGES.endAfterStart,
    );
  });

  it('when the capacity or price is out of range, then the number stays as typed and the field says why', () => {
    expect(validateGame(game({ capacity: '' })).capacity).toBe(EVENT_MESSAGES.capacityMin);
    expect(validateGame(game({ capacity: 0 })).capacity).toBe(EVENT_MESSAGES.capacityMin);
    expect(validateGame(game({ capacity: MEMBER_GAME_CAPACITY.max + 1 })).capacity).toBe(
      EVENT_MESSAGES.capacityMax,
    );
    expect(validateGame(game({ capacity: 3.5 })).capacity).toBe(EVENT_MESSAGES.capacityWhole);
    expect(validateGame(game({ price: -2 })).price).toBe(EVENT_MESSAGES.priceNegative);
  });

  it('when handicaps are out of range or the wrong way round, then the range or the order is named', () => {
    expect(validateGame(game({ min_handicap: HANDICAP.min - 1 })).min_handicap).toBe(HANDICAP.rangeMessage);
    expect(validateGame(game({ max_handicap: HANDICAP.max + 1 })).max_handicap).toBe(HANDICAP.rangeMessage);
    expect(validateGame(game({ min_handicap: 20, max_handicap: 10 })).min_handicap).toBe(
      EVENT_MESSAGES.handicapOrder,
    );
    expect(validateGame(game({ min_handicap: 10, max_handicap: 20 }))).toEqual({});
  });

  it('when a free game is sent, then how to pay is left out; when paid, then the price goes in cents with the method', () => {
    const free = gameBodyOf(game({ payment_instructions: 'cash' }));
    expect(free).toMatchObject({ price_per_participant: 0, start_time: '2026-12-05T06:00:00.000Z' });
    expect(free).not.toHaveProperty('payment_method');
    expect(free).not.toHaveProperty('payment_instructions');
    const paid = gameBodyOf(
      game({ price: '12.5', payment_instructions: '  cash at the pro shop ', min_handicap: '8' }),
    );
    expect(paid).toMatchObject({
      price_per_participant: 1250,
      payment_method: 'pay_at_venue',
      payment_instructions: 'cash at the pro shop',
      min_handicap: 8,
    });
    expect(paid).not.toHaveProperty('max_handicap');
  });

  it("when the server refuses fields, then they land on the form's fields, the rest apart, and the first in form order is named", () => {
    expect(serverFieldErrors({ price_per_participant: 'p', capacity: 'c', ticket: 'x' })).toEqual({
      known: { price: 'p', capacity: 'c' },
      other: ['x'],
    });
    expect(firstInvalidGameField({ max_handicap: 'm', capacity: 'c' })).toBe('capacity');
  });
});

describe('choosing slots to buy (docs/product.md#community-states)', () => {
  const event = { price_per_participant: 3000, currency: 'AUD' };

  it('when an event has slot types, then only the active ones are offered; without them a paid event sells its own seat and a free one nothing', () => {
    const types = [
      aTicketType({ id: 1, name: 'Members' }),
      aTicketType({ id: 2, name: 'Retired', is_active: false }),
    ];
    expect(optionsOf(types, event).map((option) => option.name)).toEqual(['Members']);
    expect(optionsOf([], event)).toEqual([
      { ticketTypeId: null, name: 'Standard Admission', description: null, price: 3000, currency: 'AUD' },
    ]);
    expect(optionsOf([], { price_per_participant: 0, currency: 'AUD' })).toEqual([]);
  });

  it('when quantities are chosen, then the summary adds GST on the subtotal as the server does', () => {
    const options = optionsOf(
      [
        aTicketType({ id: 1, price_per_ticket: 2500 }),
        aTicketType({ id: 2, name: 'Juniors', price_per_ticket: 1250 }),
      ],
      event,
    );
    const totals = totalsOf(options, { '1': 2, '2': 1, '99': 4 });
    expect(totals).toMatchObject({
      seats: 3,
      subtotal: 6250,
      gst: gstOnCents(6250),
      total: 6250 + gstOnCents(6250),
    });
    expect(totals.lines.map((line) => [line.option.name, line.quantity, line.total])).toEqual([
      ['Standard Admission', 2, 5000],
      ['Juniors', 1, 1250],
    ]);
    expect(selectionsOf(totals)).toEqual([
      {
        ticket_type_id: 1,
        slot_type_name: 'Standard Admission',
        quantity: 2,
        price_per_slot: 2500,
        currency: 'AUD',
      },
      { ticket_type_id: 2, slot_type_name: 'Juniors', quantity: 1, price_per_slot: 1250, currency: 'AUD' },
    ]);
  });

  it("when the event's own price is bought, or nothing is chosen, then no selection is sent", () => {
    const own = optionsOf([], event);
    expect(selectionsOf(totalsOf(own, { event: 1 }))).toBeUndefined();
    expect(totalsOf(own, { event: -2 })).toMatchObject({ seats: 0, total: 0, lines: [] });
  });
});
