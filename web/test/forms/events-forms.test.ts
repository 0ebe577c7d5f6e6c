import { EVENT_MESSAGES, OFFICIAL_EVENT_CAPACITY } from '@linksmate/proto/rules';
import { describe, expect, it } from 'vitest';
import {
  checkEvent,
  endAfterStart,
  eventBodyOf,
  newEventValues,
  newSlotType,
  ticketTypesOf,
} from '../../src/features/admin-create-event/components/event-form';
import { changesOf, localInput, validate, valuesOf } from '../../src/features/events/components/edit-form';
import { anEvent } from '../support/fixtures';

describe('the edit event dialog (docs/product.md#community-validation)', () => {
  it("when an event is opened for editing, then its times show in the reader's zone as the datetime inputs take them", () => {
    // 21:00 UTC on 5 December is 8:00 the next morning in Sydney (daylight time, +11).
    expect(localInput('2026-12-05T21:00:00.000Z')).toBe('2026-12-06T08:00');
    // In June Sydney is +10: the same UTC hour is 7:00.
    expect(localInput('2026-06-05T21:00:00.000Z')).toBe('2026-06-06T07:00');
    expect(localInput(null)).toBe('');
    expect(valuesOf(anEvent())).toMatchObject({ price: 25, start_time: '2026-12-06T08:00', venue_id: '7' });
  });

  it('when required fields are emptied or numbers are wrong, then each field says why in the spec words', () => {
    const values = {
      ...valuesOf(anEvent()),
      title: '  ',
      venue_id: '',
      start_time: '',
      capacity: 0,
      price: -1,
    };
    expect(validate(values)).toEqual({
      title: EVENT_MESSAGES.titleRequired,
      venue_id: EVENT_MESSAGES.venueRequired,
      start_time: EVENT_MESSAGES.startRequired,
      capacity: EVENT_MESSAGES.editCapacity,
      price: EVENT_MESSAGES.priceNegative,
    });
    expect(validate({ ...valuesOf(anEvent()), capacity: 2.5 }).capacity).toBe(EVENT_MESSAGES.editCapacity);
    expect(validate({ ...valuesOf(anEvent()), capacity: '' }).capacity).toBe(EVENT_MESSAGES.editCapacity);
    expect(
      validate({ ...valuesOf(anEvent()), start_time: '2026-12-06T08:00', end_time: '2026-12-06T08:00' })
        .end_time,
    ).toBe(EVENT_MESSAGES.endAfterStart);
  });

  it('when nothing is changed, then nothing is sent', () => {
    const event = anEvent();
    expect(changesOf(event, valuesOf(event))).toEqual({});
  });

  it('when some fields change, then only those are sent: trimmed, the price in cents, the Sydney time as UTC, a cleared end as null', () => {
    const event = anEvent();
    const values = {
      ...valuesOf(event),
      title: ' Sunday Stableford ',
      start_time: '2026-12-06T09:30',
      end_time: '',
      price: '30.5',
      description: 'Eighteen holes, shotgun start.  ',
    };
    expect(changesOf(event, values)).toEqual({
      title: 'Sunday Stableford',
      start_time: '2026-12-05T22:30:00.000Z',
      end_time: null,
      price_per_participant: 3050,
    });
  });

  it('when the currency changes to yen, then the price typed is whole yen', () => {
    const event = anEvent();
    expect(changesOf(event, { ...valuesOf(event), currency: 'JPY', price: 1500 })).toEqual({
      currency: 'JPY',
      price_per_participant: 1500,
    });
  });
});

describe('the create official event form (docs/product.md#admin-validation)', () => {
  const now = new Date('2026-11-01T00:00:00Z');
  const valid = () => ({
    ...newEventValues(),
    title: 'Club Championship',
    venueId: '7',
    start: new Date('2026-12-06T08:00'),
  });

  it('when the form is filled in, then nothing is wrong; when it is new, then each required field says so', () => {
    expect(checkEvent(valid(), now)).toEqual({});
    expect(checkEvent(newEventValues(), now)).toEqual({
      title: EVENT_MESSAGES.officialTitleRequired,
      venueId: EVENT_MESSAGES.venueRequired,
      start: EVENT_MESSAGES.officialStartRequired,
    });
  });

  it('when the start is in the past, the end not after it, or the capacity out of range, then each says why', () => {
    expect(checkEvent({ ...valid(), start: new Date('2026-10-31T23:00:00Z') }, now).start).toBe(
      EVENT_MESSAGES.startInPast,
    );
    expect(checkEvent({ ...valid(), end: new Date('2026-12-06T07:00') }, now).end).toBe(
      EVENT_MESSAGES.endAfterStart,
    );
    expect(checkEvent({ ...valid(), capacity: 0 }, now).capacity).toBe(EVENT_MESSAGES.officialCapacityMin);
    expect(checkEvent({ ...valid(), capacity: OFFICIAL_EVENT_CAPACITY.max + 1 }, now).capacity).toBe(
      EVENT_MESSAGES.officialCapacityMax,
    );
    expect(checkEvent({ ...valid(), capacity: 4.5 }, now).capacity).toBe(
      EVENT_MESSAGES.officialCapacityWhole,
    );
  });

  it('when slot types are missing, unnamed or negatively priced, then the error sits on that slot type', () => {
    expect(checkEvent({ ...valid(), slotTypes: [] }, now).slotTypes).toBe(EVENT_MESSAGES.slotTypeRequired);
    const slotTypes = [newSlotType(), { ...newSlotType(), name: ' ', free: false, price: -5 }];
    expect(checkEvent({ ...valid(), slotTypes }, now)).toEqual({
      'slotTypes.1.name': EVENT_MESSAGES.slotTypeNameRequired,
      'slotTypes.1.price': EVENT_MESSAGES.priceNegative,
    });
  });

  it('when it is sent, then free slot types cost nothing, paid ones are in minor units, and the end defaults four hours on', () => {
    const slotTypes = [
      { ...newSlotType(), free: true, price: 40 },
      { ...newSlotType(), name: ' Juniors ', free: false, price: 12.5 },
    ];
    expect(ticketTypesOf({ ...valid(), slotTypes }).map((t) => [t.name, t.price_per_ticket])).toEqual([
      ['Standard Admission', 0],
      ['Juniors', 1250],
    ]);
    const start = new Date('2026-12-06T08:00');
    expect(endAfterStart(start, null)).toEqual(new Date('2026-12-06T12:00'));
    expect(endAfterStart(start, new Date('2026-12-06T17:00'))).toEqual(new Date('2026-12-06T17:00'));
    expect(eventBodyOf({ ...valid(), coachId: '3' })).toMatchObject({
      venue_id: 7,
      coach_profile_id: 3,
      start_time: '2026-12-05T21:00:00.000Z',
      currency: 'AUD',
    });
  });
});
