import { Box, Group, Input, Skeleton, Text, TextInput } from '@mantine/core';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { IconLock } from '@tabler/icons-react';
import { type MutableRefObject, useEffect, useMemo, useState } from 'react';
import { type CardConfirmer, confirmWithSimulator, type SimulatorCard } from '../../lib/card-payments';

export interface PaymentsSetup {
  publishable_key: string;
  simulator_path: string | null;
}

const stripeLoads = new Map<string, Promise<Stripe | null>>();
const stripeFor = (key: string) => {
  if (!stripeLoads.has(key)) stripeLoads.set(key, loadStripe(key));
  return stripeLoads.get(key)!;
};

function formatNumber(value: string) {
  return value
    .replace(/\D/g, '')
    .slice(0, 16)
    .replace(/(.{4})/g, '$1 ')
    .trim();
}

function formatExpiry(value: string) {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits;
}

/** With the simulator: a card form whose details go to the simulator only. */
function SimulatorCardFields({
  setup,
  controller,
}: {
  setup: PaymentsSetup;
  controller: MutableRefObject<CardConfirmer | null>;
}) {
  const [card, setCard] = useState<SimulatorCard>({ number: '', expiry: '', cvc: '' });
  useEffect(() => {
    controller.current = {
      confirm: (clientSecret, email) =>
        confirmWithSimulator(setup.simulator_path!, setup.publishable_key, clientSecret, card, email),
    };
  }, [card, controller, setup]);
  return (
    <Box>
      <TextInput
        label="Card number"
        placeholder="4242 4242 4242 4242"
        inputMode="numeric"
        autoComplete="cc-number"
        value={card.number}
        onChange={(e) => setCard({ ...card, number: formatNumber(e.currentTarget.value) })}
        required
      />
      <Group grow mt="sm">
        <TextInput
          label="Expiry"
          placeholder="MM / YY"
          inputMode="numeric"
          autoComplete="cc-exp"
          value={card.expiry}
          onChange={(e) => setCard({ ...card, expiry: formatExpiry(e.currentTarget.value) })}
          required
        />
        <TextInput
          label="CVC"
          placeholder="123"
          inputMode="numeric"
          autoComplete="cc-csc"
          maxLength={4}
          value={card.cvc}
          onChange={(e) => setCard({ ...card, cvc: e.currentTarget.value.replace(/\D/g, '') })}
          required
        />
      </Group>
      <Text size="xs" c="dimmed" mt={6}>
        Development payments: use 4242 4242 4242 4242 with any future date. Nothing is charged.
      </Text>
    </Box>
  );
}

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
        {/* Spec 1 §2.11: the postal code is hidden. */}
        <CardElement options={{ hidePostalCode: true, style: { base: { fontSize: '16px' } } }} />
      </Box>
    </Input.Wrapper>
  );
}

/**
 * The card input of a checkout: Stripe Elements with a real publishable key, or the simulator's
 * own form in development. Either way it fills `controller` with how to confirm a client secret.
 */
export function CardField({
  setup,
  controller,
}: {
  setup: PaymentsSetup | undefined;
  controller: MutableRefObject<CardConfirmer | null>;
}) {
  const stripePromise = useMemo(
    () => (setup && !setup.simulator_path ? stripeFor(setup.publishable_key) : null),
    [setup],
  );
  if (!setup) return <Skeleton height={110} radius="md" />;
  return (
    <Box>
      {setup.simulator_path ? (
        <SimulatorCardFields setup={setup} controller={controller} />
      ) : (
        <Elements stripe={stripePromise}>
          <StripeCardInner controller={controller} />
        </Elements>
      )}
      <Group gap={6} mt="xs" c="dimmed" wrap="nowrap" align="flex-start">
        <IconLock size={14} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
        <Text size="xs">Payment is secured by Stripe. LinksMate never sees your card number.</Text>
      </Group>
    </Box>
  );
}
