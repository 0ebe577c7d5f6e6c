import { AVAILABILITY_BATCH, AVAILABILITY_MESSAGES, EVENT_MESSAGES } from '@linksmate/proto/rules';
import { describe, expect, it } from 'vitest';
import {
  batchBody,
  batchTimes,
  checkBatchValues,
  checkSlotValues,
  newBatchValues,
  newSlotValues,
  refusalOf,
  slotBody,
} from '../../src/features/admin-availability/components/slot-form';
import { ApiError } from '../../src/lib/api-client';

/** A wall-clock time in Sydney (the tier's zone), as the date picker hands it over. */
const sydney = (text: string) => new Date(text);
const clock = (date: Date) =>
  date.toLocaleString('en-AU', {
    timeZone: 'Australia/Sydney',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  });

describe('one slot', () => {
  const slot = (patch: Partial<ReturnType<typeof newSlotValues>>) => ({
    ...newSlotValues(),
    start: sydney('2026-12-05T08:00'),
    ...patch,
  });

  it('when the defaults are kept with a start, then nothing is wrong', () => {
    expect(checkSlotValues(slot({}), false)).toEqual({});
  });

  it('when no start is given, then the start is required in the spec words', () => {
    expect(checkSlotValues(slot({ start: null }), false)).toEqual({
      start: AVAILABILITY_MESSAGES.startRequired,
    });
  });

  it('when the end is at or before the start, then the end must come after it', () => {
    const start = sydney('2026-12-05T08:00');
    expect(checkSlotValues(slot({ start, end: start }), false).end).toBe(AVAILABILITY_MESSAGES.endAfterStart);
    expect(checkSlotValues(slot({ end: sydney('2026-12-05T07:59') }), false).end).toBe(
      AVAILABILITY_MESSAGES.endAfterStart,
    );
    expect(checkSlotValues(slot({ end: sydney('2026-12-05T08:01') }), false).end).toBeUndefined();
  });

  it('when the capacity is empty, zero, negative or a fraction, then each says why, as typed', () => {
    expect(checkSlotValues(slot({ capacity: '' }), false).capacity).toBe(AVAILABILITY_MESSAGES.capacityMin);
    expect(checkSlotValues(slot({ capacity: 0 }), false).capacity).toBe(AVAILABILITY_MESSAGES.capacityMin);
    expect(checkSlotValues(slot({ capacity: -3 }), false).capacity).toBe(AVAILABILITY_MESSAGES.capacityMin);
    expect(checkSlotValues(slot({ capacity: 2.5 }), false).capacity).toBe(
      AVAILABILITY_MESSAGES.capacityWhole,
    );
  });

  it('when the price is negative, then it is refused; when a facility admin names no venue, then the venue is required', () => {
    expect(checkSlotValues(slot({ price: -0.01 }), false).price).toBe(AVAILABILITY_MESSAGES.priceNegative);
    expect(checkSlotValues(slot({}), true).venueId).toBe(EVENT_MESSAGES.venueRequired);
    expect(checkSlotValues(slot({ venueId: '4' }), true)).toEqual({});
  });

  it('when it is sent, then the price goes in cents, notes trimmed or null, the cleared end as null, the venue only when asked', () => {
    const values = slot({ price: '12.5', capacity: '3', notes: '  bring clubs ', venueId: '4' });
    expect(slotBody(values, false)).toEqual({
      slot_type: 'individual',
      price: 1250,
      currency: 'AUD',
      capacity: 3,
      status: 'active',
      notes_for_admin: 'bring clubs',
      start_time: '2026-12-04T21:00:00.000Z',
      end_time: null,
    });
    expect(slotBody({ ...values, notes: '   ' }, true)).toMatchObject({ notes_for_admin: null, venue_id: 4 });
  });
});

describe('a batch of slots', () => {
  const batch = (patch: Partial<ReturnType<typeof newBatchValues>>) => ({
    ...newBatchValues(),
    firstStart: sydney('2026-12-05T08:00'),
    ...patch,
  });

  it('when the defaults are kept, then nothing is wrong', () => {
    expect(checkBatchValues(batch({}), false)).toEqual({});
  });

  it('when the interval, count or duration is out of range or not whole, then each says so in the spec words', () => {
    expect(checkBatchValues(batch({ firstStart: null }), false).firstStart).toBe(
      AVAILABILITY_MESSAGES.startRequired,
    );
    expect(
      checkBatchValues(batch({ intervalMinutes: AVAILABILITY_BATCH.minIntervalMinutes - 1 }), false)
        .intervalMinutes,
    ).toBe(AVAILABILITY_MESSAGES.intervalMin);
    expect(checkBatchValues(batch({ intervalMinutes: 7.5 }), false).intervalMinutes).toBe(
      AVAILABILITY_MESSAGES.intervalWhole,
    );
    expect(checkBatchValues(batch({ count: 0 }), false).count).toBe(AVAILABILITY_MESSAGES.batchEmpty);
    expect(checkBatchValues(batch({ count: '' }), false).count).toBe(AVAILABILITY_MESSAGES.batchEmpty);
    expect(checkBatchValues(batch({ count: AVAILABILITY_BATCH.maxSlots + 1 }), false).count).toBe(
      AVAILABILITY_MESSAGES.batchTooMany,
    );
    expect(checkBatchValues(batch({ count: 2.5 }), false).count).toBe(AVAILABILITY_MESSAGES.batchCountWhole);
    expect(
      checkBatchValues(batch({ durationMinutes: AVAILABILITY_BATCH.minDurationMinutes - 1 }), false)
        .durationMinutes,
    ).toBe(AVAILABILITY_MESSAGES.durationMin);
    expect(checkBatchValues(batch({ durationMinutes: 30.5 }), false).durationMinutes).toBe(
      AVAILABILITY_MESSAGES.durationWhole,
    );
  });

  it('when three slots 30 minutes apart and 45 long start at 8:00, then they run 8:00–8:45, 8:30–9:15 and 9:00–9:45', () => {
    const times = batchTimes(batch({ intervalMinutes: 30, count: 3, durationMinutes: 45 }));
    expect(times.map(({ start, end }) => `${clock(start)}-${clock(end)}`)).toEqual([
      '08:00-08:45',
      '08:30-09:15',
      '09:00-09:45',
    ]);
  });

  it('when a batch runs over the night daylight saving starts, then its slots stay an hour apart in real time', () => {
    // Sydney's clocks go from 2:00 to 3:00 on 4 October 2026.
    const times = batchTimes(
      batch({ firstStart: sydney('2026-10-04T00:30'), intervalMinutes: 60, count: 3, durationMinutes: 60 }),
    );
    expect(times.map(({ start }) => clock(start))).toEqual(['00:30', '01:30', '03:30']);
    expect(times[2]!.start.getTime() - times[1]!.start.getTime()).toBe(60 * 60_000);
  });

  it('when the numbers cannot make slots, then the batch makes none and its body is empty', () => {
    expect(batchTimes(batch({ count: 0 }))).toEqual([]);
    expect(batchTimes(batch({ intervalMinutes: '' }))).toEqual([]);
    expect(batchBody(batch({ firstStart: null }), false)).toEqual([]);
  });

  it('when it is sent, then each slot carries its own start and end and the shared fields', () => {
    const body = batchBody(batch({ intervalMinutes: 60, count: 2, durationMinutes: 30, price: 20 }), false);
    expect(body.map((slot) => [slot.start_time, slot.end_time, slot.price])).toEqual([
      ['2026-12-04T21:00:00.000Z', '2026-12-04T21:30:00.000Z', 2000],
      ['2026-12-04T22:00:00.000Z', '2026-12-04T22:30:00.000Z', 2000],
    ]);
  });
});

describe('a refusal from the server', () => {
  it('when a batch is refused field by field, then the errors land on the form fields, a slot time on the duration', () => {
    const error = new ApiError('Validation failed', 422, 'validation', {
      'slots.3.capacity': 'Capacity must be at least 1',
      'slots.0.end_time': 'End time must be after start time',
      'slots.1.capacity': 'ignored: the first one stays',
    });
    expect(refusalOf(error, 'Failed to create slots', true)).toEqual({
      errors: {
        capacity: 'Capacity must be at least 1',
        durationMinutes: 'End time must be after start time',
      },
      message: 'Failed to create slots: Please fix the errors in the form.',
    });
  });

  it('when a refusal has no field errors, or is no API error at all, then the sentence says what the server said, or only the generic text', () => {
    expect(refusalOf(new ApiError('Slot overlaps', 409), 'Failed to create slot')).toEqual({
      errors: {},
      message: 'Failed to create slot: Slot overlaps',
    });
    expect(refusalOf(new TypeError('network'), 'Failed to create slot')).toEqual({
      errors: {},
      message: 'Failed to create slot',
    });
  });
});
