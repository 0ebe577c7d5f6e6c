import type { PaymentsConfigReply } from '@linksmate/proto';
import { Box, Group, Skeleton, Text, TextInput } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { lazy, type MutableRefObject, Suspense, useEffect, useState } from 'react';
import { type CardConfirmer, confirmWithSimulator, type SimulatorCard } from '../../lib/card-payments';

/** How the card is taken: the publishable key, and the simulator's path when it stands in for Stripe. */
export type PaymentsSetup = PaymentsConfigReply;

/**
 * Stripe Elements and Stripe.js come only when Stripe itself takes the card (a real publishable key,
 * no simulator path), and only once a checkout shows the card field: the embedded run's simulator
 * (`pk_test_simulator`) never needs them, and no other page does.
 */
const StripeCardElement = lazy(() =>
  import('./StripeCardElement').then((module) => ({ default: module.StripeCardElement })),
);

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
  if (!setup) return <Skeleton height={110} radius="md" />;
  return (
    <Box>
      {setup.simulator_path ? (
        <SimulatorCardFields setup={setup} controller={controller} />
      ) : (
        <>
          <Suspense fallback={<Skeleton height={70} radius="md" />}>
            <StripeCardElement publishableKey={setup.publishable_key} controller={controller} />
          </Suspense>
          {/* True only of Stripe's own field: the simulator's inputs are this page's. */}
          <Group gap={6} mt="xs" c="dimmed" wrap="nowrap" align="flex-start">
            <IconLock size={14} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
            <Text size="xs">Payment is secured by Stripe. LinksMate never sees your card number.</Text>
          </Group>
        </>
      )}
    </Box>
  );
}
