import { Box, Input } from '@mantine/core';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
// The pure entry adds Stripe.js to the page when loadStripe is called, not when this module loads.
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { type MutableRefObject, useEffect } from 'react';
import type { CardConfirmer } from '../../lib/card-payments';

const stripeLoads = new Map<string, Promise<Stripe | null>>();
const stripeFor = (key: string) => {
  if (!stripeLoads.has(key)) stripeLoads.set(key, loadStripe(key));
  return stripeLoads.get(key)!;
};

function StripeCardInner({ controller }: { controller: MutableRefObject<CardConfirmer | null> }) {
  const stripe = useStripe();
  const elements = useElements();
  useEffect(() => {
    if (!stripe || !elements) return;
    controller.current = {
      async confirm(clientSecret, email) {
        const card = elements.getElement(CardElement);
        if (!card) return { error: 'Payment session not initialized. Please close and try again.' };
        const paymentMethod = { card, billing_details: { email } };
        if (clientSecret.startsWith('seti_')) {
          const result = await stripe.confirmCardSetup(clientSecret, { payment_method: paymentMethod });
          if (result.error) return { error: result.error.message ?? 'Payment failed. Please try again.' };
          return { status: result.setupIntent.status, intentId: result.setupIntent.id };
        }
        const result = await stripe.confirmCardPayment(clientSecret, { payment_method: paymentMethod });
        if (result.error) return { error: result.error.message ?? 'Payment failed. Please try again.' };
        return { status: result.paymentIntent.status, intentId: result.paymentIntent.id };
      },
    };
  }, [stripe, elements, controller]);
  return (
    <Input.Wrapper label="Card details" required>
      <Box
        p="sm"
        style={{ border: '1px solid var(--mantine-color-gray-4)', borderRadius: 'var(--mantine-radius-md)' }}
      >
        {/* docs/product.md#account-screens: the postal code is hidden. */}
        <CardElement options={{ hidePostalCode: true, style: { base: { fontSize: '16px' } } }} />
      </Box>
    </Input.Wrapper>
  );
}

/** Stripe's card element; fills `controller` with Stripe's confirmation of a client secret. */
export function StripeCardElement({
  publishableKey,
  controller,
}: {
  publishableKey: string;
  controller: MutableRefObject<CardConfirmer | null>;
}) {
  return (
    <Elements stripe={stripeFor(publishableKey)}>
      <StripeCardInner controller={controller} />
    </Elements>
  );
}
