import { PRODUCT_SLUG } from './product';

/** Events and bookings (spec 2 §§3, 4, 9; spec 3 §§4, 9). */

export const OFFICIAL_EVENT_TYPE = `${PRODUCT_SLUG}_event` as const;
export const EVENT_TYPES = [OFFICIAL_EVENT_TYPE, 'member_game'] as const;
export type EventType = (typeof EVENT_TYPES)[number];
export const EVENT_STATUSES = ['open', 'active', 'cancelled', 'completed'] as const;
export const BOOKING_STATUSES = [
  'pending',
  'confirmed',
  'rejected',
  'cancelled',
  'completed',
  'no_show',
] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
export const ADMIN_BOOKING_STATUSES = ['pending', 'confirmed', 'completed', 'cancelled', 'no_show'] as const;
export const PAYMENT_METHODS = ['pay_at_venue', 'pay_event_creator'] as const;
export const DEFAULT_PAYMENT_METHOD = 'pay_at_venue';
export const MEMBER_GAME_CAPACITY = { min: 1, max: 50, default: 4 } as const;
export const OFFICIAL_EVENT_CAPACITY = { min: 1, max: 100, default: 10 } as const;
export const DEFAULT_SLOT_TYPE_NAME = 'Standard Admission';
export const AVAILABILITY_SLOT_STATUSES = ['active', 'pending', 'booked', 'canceled'] as const;
export const AVAILABILITY_SLOT_TYPES = ['individual', 'group', 'event'] as const;
export const AVAILABILITY_BATCH = {
  maxSlots: 50,
  minIntervalMinutes: 5,
  minDurationMinutes: 5,
  defaultIntervalMinutes: 30,
  defaultCount: 5,
  defaultDurationMinutes: 60,
} as const;
