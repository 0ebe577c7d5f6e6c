import { PRODUCT_SLUG } from './product';

/** Events and bookings (docs/product.md#community-entities, #community-states, #community-limits; docs/product.md#admin-states, #admin-limits). */

export const OFFICIAL_EVENT_TYPE = `${PRODUCT_SLUG}_event` as const;
export const EVENT_TYPES = [OFFICIAL_EVENT_TYPE, 'member_game'] as const;
export type EventType = (typeof EVENT_TYPES)[number];
/**
 * Whether a venue or coach admin may change an event of this type within their part of the admin
 * area (docs/product.md#admin-sections): official events only. A member's own game is changed by its organiser and the
 * site admins alone — not by whoever runs its venue (issue 23).
 */
export function scopedAdminsMayChange(eventType: string): boolean {
  return eventType === OFFICIAL_EVENT_TYPE;
}
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
/** The longest note a booking carries (a join's, a purchase's, or one an admin adds with a seat). */
export const BOOKING_NOTES_MAX_LENGTH = 1000;
export const PAYMENT_METHODS = ['pay_at_venue', 'pay_event_creator'] as const;
export const DEFAULT_PAYMENT_METHOD = 'pay_at_venue';
export const MEMBER_GAME_CAPACITY = { min: 1, max: 50, default: 4 } as const;
export const OFFICIAL_EVENT_CAPACITY = { min: 1, max: 100, default: 10 } as const;
export const DEFAULT_SLOT_TYPE_NAME = 'Standard Admission';
export const AVAILABILITY_SLOT_STATUSES = ['active', 'pending', 'booked', 'canceled'] as const;
export type AvailabilitySlotStatus = (typeof AVAILABILITY_SLOT_STATUSES)[number];
/** A new slot is offered as active or pending; booked and canceled are set by editing (docs/product.md#admin-states). */
export const AVAILABILITY_CREATE_STATUSES = ['active', 'pending'] as const;
export const AVAILABILITY_SLOT_TYPES = ['individual', 'group', 'event'] as const;
export type AvailabilitySlotType = (typeof AVAILABILITY_SLOT_TYPES)[number];
/** A new slot's defaults (docs/product.md#admin-validation, #admin-limits): currency fixed to AUD, free, one place, individual, active. */
export const AVAILABILITY_DEFAULTS = {
  slotType: 'individual',
  price: 0,
  currency: 'AUD',
  capacity: 1,
  status: 'active',
} as const satisfies {
  slotType: AvailabilitySlotType;
  price: number;
  currency: string;
  capacity: number;
  status: AvailabilitySlotStatus;
};
export const AVAILABILITY_BATCH = {
  maxSlots: 50,
  minIntervalMinutes: 5,
  minDurationMinutes: 5,
  defaultIntervalMinutes: 30,
  defaultCount: 5,
  defaultDurationMinutes: 60,
} as const;

/** Seats a paid checkout holds while the person pays; an unpaid hold then releases them. */
export const SEAT_HOLD_MINUTES = 15;
/** How long a waitlist offer of a paid seat stays open before it passes to the next in line. */
export const WAITLIST_OFFER_MINUTES = 60;
/** Most seats one person may take in one slot purchase. */
export const MAX_SLOTS_PER_PURCHASE = 10;

/** The server's texts for events, games, joins and slot payments: the spec's words where it has them. */
export const EVENT_MESSAGES = {
  // Create member game (docs/product.md#community-validation)
  titleRequired: 'Please enter a title for your game',
  venueRequired: 'Please select a venue',
  startRequired: 'Please select a start time',
  endAfterStart: 'End time must be after start time',
  capacityMin: 'Capacity must be at least 1',
  capacityMax: 'Capacity cannot be more than 50',
  capacityWhole: 'Capacity must be a whole number',
  priceNegative: 'Price cannot be negative',
  startInPast: 'Start time cannot be in the past',
  venueUnknown: 'Venue not found',
  venueInactive: 'This venue is not open for games yet',
  coachUnknown: 'Coach not found',
  handicapOrder: 'Minimum handicap must not be above the maximum',
  // Official events (docs/product.md#admin-validation)
  officialTitleRequired: 'Event title is required',
  officialStartRequired: 'Start time is required',
  officialCapacityMin: 'Event capacity must be at least 1',
  officialCapacityMax: 'Event capacity cannot be more than 100',
  officialCapacityWhole: 'Event capacity must be a whole number',
  slotTypeRequired: 'At least one slot type is required',
  slotTypeNameRequired: 'Slot type name is required',
  // Edit (docs/product.md#community-validation)
  editCapacity: 'Please enter a valid capacity',
  capacityBelowJoined: 'Capacity cannot be below the number of people already joined',
  noChanges: 'No changes to save',
  // Reading and managing
  eventNotFound: 'Event not found',
  notEditor: 'Only the event creator or an admin can change this event',
  notCreator: 'Only the game creator can manage join requests',
  requestNotFound: 'Join request not found',
  requestDecided: 'This join request has already been decided',
  hasPaidBookings: 'This event has paid bookings. Cancel it instead of deleting it.',
  // Joining (spec 2 "Event detail")
  eventFull: 'This event is full.',
  alreadyJoined: 'You have joined this event',
  requestPending: 'Your request is pending approval',
  requestRejected: 'Your request was rejected',
  eventPast: 'This event has already taken place.',
  eventCancelled: 'This event has been cancelled.',
  paidEventUsesCheckout: 'This event is paid: choose your slots and pay by card to join.',
  freeEventNoCheckout: 'This event is free: join it without paying.',
  ownGame: 'You created this game, so you are already in it.',
  // Handicap gates (beyond the spec)
  handicapNeeded: 'This game has a handicap range. Set your handicap on your profile to join.',
  skillNeeded: 'This game asks for a skill level. Set your skill level on your profile to join.',
  // Slots and payments (docs/product.md#community-validation, #community-errors)
  slotRequired: 'Please select at least one slot to proceed',
  slotQuantity: 'Slot quantity cannot be below 0',
  slotUnknown: 'This slot type is not available for this event',
  tooManySlots: 'You can buy at most 10 slots at once',
  totalMismatch: 'The total does not match the current prices. Please review your selection.',
  noSlotTypes: 'No slot types available for this event',
  holdNotFound: 'Payment session not found. Please close and try again.',
  holdNotYours: 'This payment does not belong to your account.',
  paymentNotSucceeded: 'Payment failed. Please try again.',
  seatLostRefunded:
    'Payment was processed, but there was an issue finalizing your booking. Please check your bookings or contact support.',
  // Waitlist and bookings
  notFullNoWaitlist: 'This event still has seats: join it instead.',
  alreadyWaiting: 'You are already on the waitlist for this event',
  notWaiting: 'You are not on the waitlist for this event',
  noOffer: 'There is no seat on offer for you at the moment',
  bookingNotFound: 'Booking not found',
  bookingNotCancellable: 'This booking cannot be cancelled',
  paidNotCancellable: 'Paid bookings are cancelled by the organiser',
  // Add user (docs/product.md#community-validation)
  userRequired: 'Please select a user',
  notesTooLong: `Notes must be at most ${BOOKING_NOTES_MAX_LENGTH} characters`,
  userUnknown: 'User not found',
  onePerPerson: 'A person holds one booking per event',
  /** The add-user dialog's notice on an event that takes payment: the seat given is free. */
  complimentarySeat:
    'This event takes payment. Adding someone here gives them a complimentary seat: no card is charged.',
} as const;

/** The server's texts for availability slots (docs/product.md#admin-validation "Availability slot" gives the rules, not words). */
export const AVAILABILITY_MESSAGES = {
  startRequired: 'Start time is required',
  endAfterStart: 'End time must be after start time',
  timeInvalid: 'Please enter a valid time',
  capacityMin: 'Capacity must be at least 1',
  capacityWhole: 'Capacity must be a whole number',
  capacityBelowBooked: 'Capacity cannot be below the places already booked',
  priceNegative: 'Price cannot be negative',
  newStatus: 'A new slot is either active or pending',
  batchEmpty: 'Add at least one slot',
  batchTooMany: `You can create at most ${AVAILABILITY_BATCH.maxSlots} slots at once`,
  durationMin: `A slot must last at least ${AVAILABILITY_BATCH.minDurationMinutes} minutes`,
  intervalMin: `Slots must start at least ${AVAILABILITY_BATCH.minIntervalMinutes} minutes apart`,
  // The batch dialog's own numbers: never sent, the times made from them are.
  batchCountWhole: 'The number of slots must be a whole number',
  durationWhole: 'A slot must last a whole number of minutes',
  intervalWhole: 'Slots must start a whole number of minutes apart',
  slotNotFound: 'Availability slot not found',
  /** A facility admin's slot must be at a venue they manage (spec 3: limited to their venues). */
  venueNotManaged: 'You can only offer availability at a venue you manage.',
  /** A coach admin's slot must be their own coach profile's (spec 3: their own coaching business). */
  coachNotOwn: 'You can only offer availability for your own coach profile.',
} as const;

/** The handicap gate's refusal, e.g. 'This game is for handicaps 10 to 20.' */
export function handicapRangeMessage(min: number | null, max: number | null): string {
  if (min !== null && max !== null) return `This game is for handicaps ${min} to ${max}.`;
  if (min !== null) return `This game is for handicaps of ${min} or more.`;
  return `This game is for handicaps of ${max} or less.`;
}

/** The skill gate's refusal, e.g. 'This game is for intermediate players or above.' */
export const skillGateMessage = (minimum: string) => `This game is for ${minimum} players or above.`;

/**
 * A seat an admin gave at an event that takes payment (events-bookings' add-user): recorded as
 * nothing paid (`amount_paid` 0, no payment intent), owed nothing and free to give back.
 */
export const isComplimentarySeat = (booking: { amount_paid: number | null }) => booking.amount_paid === 0;
