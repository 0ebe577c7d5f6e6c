import { type CardOutcome, cardOutcome } from './cards';
import type { Simulation } from './store';
import { ApiFailure, asInt, asString, type Json, newId, now, type StripeObject } from './values';

/** A card payment method from `payment_method_data`; an unknown number or a past expiry is refused. */
export function newPaymentMethod(sim: Simulation, p: Json, customer: string | null): StripeObject {
  const data = (p.payment_method_data as Json | undefined) ?? {};
  const card = (data.card as Json | undefined) ?? {};
  const number = asString(card.number) ?? '';
  const outcome = cardOutcome(number);
  if (!outcome) {
    throw new ApiFailure(402, {
      error: {
        type: 'card_error',
        code: 'incorrect_number',
        message: 'Your card number is incorrect.',
        param: 'number',
      },
    });
  }
  const expMonth = asInt(card.exp_month) ?? 12;
  const expYear = asInt(card.exp_year) ?? new Date().getUTCFullYear() + 2;
  const expiry = new Date(Date.UTC(expYear < 100 ? 2000 + expYear : expYear, expMonth, 1));
  if (expiry.getTime() <= Date.now()) {
    throw new ApiFailure(402, {
      error: {
        type: 'card_error',
        code: 'expired_card',
        message: 'Your card has expired.',
        param: 'exp_year',
      },
    });
  }
  const id = newId('pm');
  sim.store.cardNumbers.set(id, number.replace(/\D/g, ''));
  return sim.store.put({
    id,
    object: 'payment_method',
    type: 'card',
    card: {
      brand: outcome.brand,
      last4: number.replace(/\D/g, '').slice(-4),
      exp_month: expMonth,
      exp_year: expYear,
    },
    billing_details: { email: asString((data.billing_details as Json | undefined)?.email) ?? null },
    customer,
    created: now(),
    livemode: false,
  });
}

/** What charging this payment method does, by its test card number. */
export function outcomeOf(sim: Simulation, paymentMethodId: string): CardOutcome {
  return (
    cardOutcome(sim.store.cardNumbers.get(paymentMethodId) ?? '') ?? {
      ok: false,
      brand: 'unknown',
      message: 'Your card was declined.',
    }
  );
}

/** Records a declined card on the intent and gives the 402 Stripe answers with. */
export function cardError(
  intent: StripeObject,
  kind: 'payment_intent' | 'setup_intent',
  outcome: CardOutcome,
): ApiFailure {
  const error = {
    type: 'card_error',
    code: outcome.code,
    decline_code: outcome.declineCode,
    message: outcome.message,
    doc_url: 'https://docs.stripe.com/error-codes/card-declined',
  };
  intent[kind === 'payment_intent' ? 'last_payment_error' : 'last_setup_error'] = error;
  intent.status = 'requires_payment_method';
  return new ApiFailure(402, { error: { ...error, [kind]: structuredClone(intent) } });
}
