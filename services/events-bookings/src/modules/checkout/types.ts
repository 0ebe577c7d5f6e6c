import type { Logger } from 'pino';
import type { ModuleContext } from '../../context';
import type { PaymentsClient } from '../../lib/payments-client';
import type { Seats } from '../seats/service';

export const CHECKOUT_MESSAGES = {
  confirmed: 'Your booking is confirmed.',
  paymentsDown: 'Failed to initialize payment. Please try again.',
  paymentStatusUnknown: 'An unexpected error occurred. Please try again.',
  otherEvent: 'This payment is for another event.',
  refundNote: 'Refunded: the seat was no longer available',
} as const;

export interface CheckoutDeps extends ModuleContext {
  seats: Seats;
  payments: PaymentsClient;
  logger: Logger;
}

/** What became of a paid hold: a confirmed booking, or a refund because the seats were gone. */
export type PaidHoldOutcome =
  | { kind: 'confirmed'; bookingId: number }
  | { kind: 'refunded'; bookingId: number | null }
  | { kind: 'unknown' };
