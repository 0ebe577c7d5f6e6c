import { causedBy, type ServiceRuntime } from '@linksmate/platform';
import { isEventPaymentPurpose, PaymentRefunded, PaymentSucceeded } from '@linksmate/proto';
import type * as schema from '../db/schema';
import type { BookingsService } from '../modules/bookings/service';
import type { CheckoutService } from '../modules/checkout/service';

/**
 * A paid join or slot purchase succeeded (the provider's webhook, through payments): the hold
 * becomes a booking, or a refund when its seats are gone. confirmPaidHold is idempotent and takes
 * the event's lock, so this delivery racing the confirm call makes one booking. A refund it decides
 * is owed on the hold and asked of payments after commit (confirm call or sweep job), never while
 * the event's lock is held.
 */
export function consumePayments(
  runtime: ServiceRuntime<typeof schema>,
  checkout: CheckoutService,
  bookings: BookingsService,
): void {
  runtime.consume('payments', [PaymentSucceeded], async (event, tx) => {
    const { purpose, provider_payment_intent_id: paymentIntentId } = event.data;
    if (!isEventPaymentPurpose(purpose) || !paymentIntentId) return;
    // In the delivery's own transaction: no second connection per message (pool sizes are small).
    await checkout.confirmPaidHold(paymentIntentId, causedBy(event), tx);
  });
  /**
   * Money went back for an event payment (asked for by a cancel here, or made in the provider's
   * dashboard): a full refund cancels the booking and frees its seat, a partial one is recorded.
   * The inbox drops a redelivery; a replayed refund with the same total changes nothing.
   */
  runtime.consume('payment-refunds', [PaymentRefunded], async (event, tx) => {
    const { purpose, provider_payment_intent_id: paymentIntentId } = event.data;
    if (!isEventPaymentPurpose(purpose) || !paymentIntentId) return;
    await bookings.applyRefund(
      tx,
      paymentIntentId,
      { amountRefunded: event.data.amount_refunded, full: event.data.full },
      causedBy(event),
    );
  });
}
