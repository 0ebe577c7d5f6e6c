import type { Event } from '@linksmate/proto';
import { AVAILABILITY_MESSAGES, EVENT_MESSAGES } from '@linksmate/proto/rules';
import { describe, expect, it } from 'vitest';
import {
  checkBatchValues,
  newBatchValues,
  refusalOf,
  SLOT_TEXTS,
} from '../src/features/admin-availability/components/slot-form';
import {
  checkEvent,
  eventPathOf,
  newEventValues,
} from '../src/features/admin-create-event/components/event-form';
import { editPathOf, validate, valuesOf } from '../src/features/events/components/edit-form';
import { ApiError } from '../src/lib/api-client';
import { refusedFields } from '../src/lib/form-errors';

const refusal = (fieldErrors: Record<string, string>) =>
  new ApiError('Validation failed', 422, 'validation_failed', fieldErrors);

describe('form checks and refusals at the form’s own fields', () => {
  it('when the server names fields, then each message lands at the form’s path and those without a field come apart', () => {
    const refused = refusedFields(
      refusal({ venue_id: 'Please select a venue', ticket_types: 'At least one slot type' }),
      (field) => (field === 'venue_id' ? 'venueId' : undefined),
    );
    expect(refused).toEqual({
      fields: { venueId: 'Please select a venue' },
      other: ['At least one slot type'],
    });
    expect(refusedFields(new ApiError('Event not found', 404))).toBeNull();
    expect(refusedFields(new Error('offline'))).toBeNull();
  });

  it('when a new event has no title, venue or start and a nameless slot type with a negative price, then each error is at its input', () => {
    const values = newEventValues();
    values.capacity = 150;
    values.slotTypes[0] = { ...values.slotTypes[0]!, name: ' ', free: false, price: -5 };
    expect(checkEvent(values)).toEqual({
      title: EVENT_MESSAGES.officialTitleRequired,
      venueId: EVENT_MESSAGES.venueRequired,
      start: EVENT_MESSAGES.officialStartRequired,
      capacity: EVENT_MESSAGES.officialCapacityMax,
      'slotTypes.0.name': EVENT_MESSAGES.slotTypeNameRequired,
      'slotTypes.0.price': EVENT_MESSAGES.priceNegative,
    });
  });

  it('when the server refuses an event’s fields, then its names map onto the form’s (a slot type’s price included)', () => {
    expect(eventPathOf('venue_id')).toBe('venueId');
    expect(eventPathOf('start_time')).toBe('start');
    expect(eventPathOf('ticket_types.2.price_per_ticket')).toBe('slotTypes.2.price');
    expect(eventPathOf('ticket_types.0.name')).toBe('slotTypes.0.name');
    expect(eventPathOf('currency')).toBeUndefined();
  });

  it('when a batch’s count is past 50 or its numbers negative, then each says so at its own input', () => {
    const values = {
      ...newBatchValues(),
      count: 60,
      intervalMinutes: -30,
      durationMinutes: '-60',
      price: -5,
    };
    expect(checkBatchValues(values, true)).toEqual({
      firstStart: AVAILABILITY_MESSAGES.startRequired,
      count: AVAILABILITY_MESSAGES.batchTooMany,
      intervalMinutes: AVAILABILITY_MESSAGES.intervalMin,
      durationMinutes: AVAILABILITY_MESSAGES.durationMin,
      price: AVAILABILITY_MESSAGES.priceNegative,
      venueId: EVENT_MESSAGES.venueRequired,
    });
  });

  it('when the server refuses a batch’s slots, then a slot’s field lands on the shared input and the batch’s own refusal above the buttons', () => {
    const { errors, message } = refusalOf(
      refusal({
        'slots.3.capacity': 'Capacity must be at least 1',
        'slots.4.end_time': 'End time must be after start time',
        slots: 'Slots overlap an existing slot',
      }),
      SLOT_TEXTS.batchFailed,
      true,
    );
    expect(errors).toEqual({
      capacity: 'Capacity must be at least 1',
      durationMinutes: 'End time must be after start time',
    });
    expect(message).toBe(`${SLOT_TEXTS.batchFailed}: Slots overlap an existing slot`);
    expect(refusalOf(new ApiError('Slot not found', 404), SLOT_TEXTS.updateFailed)).toEqual({
      errors: {},
      message: `${SLOT_TEXTS.updateFailed}: Slot not found`,
    });
  });

  it('when an edited event’s capacity is 0 and its price negative, then both are named; the server’s price lands on the price', () => {
    const event = {
      title: 'Twilight nine',
      description: null,
      venue_id: 3,
      start_time: '2026-12-01T07:00:00.000Z',
      end_time: null,
      capacity: 4,
      price_per_participant: 0,
      currency: 'AUD',
      payment_method: null,
      payment_instructions: null,
      status: 'open',
    } as unknown as Event;
    const errors = validate({ ...valuesOf(event), capacity: 0, price: -5 });
    expect(errors).toEqual({ capacity: EVENT_MESSAGES.editCapacity, price: EVENT_MESSAGES.priceNegative });
    expect(editPathOf('price_per_participant')).toBe('price');
    expect(editPathOf('capacity')).toBe('capacity');
    expect(editPathOf('event_type')).toBeUndefined();
  });
});
