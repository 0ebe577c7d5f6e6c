import { GST_LABEL } from '@linksmate/proto/rules';
import { Button, Divider, Group, Modal, Stack, Text, TextInput, type TextProps, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { FormError } from '../../../components/FormError';
import { CardField } from '../../../components/payments/CardField';
import { useBillingEmail } from '../../../entities/payment/api/get-billing-email';
import { usePaymentsConfig } from '../../../entities/payment/api/get-payments-config';
import { ApiError } from '../../../lib/api-client';
import { type CardConfirmer, outcomeMessage } from '../../../lib/card-payments';
import { randomId } from '../../../lib/random-id';
import { confirmPayment } from '../api/confirm-payment';
import { createPaymentIntent } from '../api/create-payment-intent';
import { createSubscription } from '../api/create-subscription';
import type { Plan } from '../api/get-plans';
import { intervalLabel, money, submitLabel } from './money';

/** docs/product.md#account-states: loading/setup, ready, processing, submitted (no double submit; reset on error). */
type Phase = 'setup' | 'ready' | 'processing' | 'submitted';

interface Session {
  clientSecret: string;
  kind: 'setup' | 'payment';
  subscriptionId?: string;
  intentId: string;
}

function newAttemptKey() {
  return `checkout-${randomId()}`;
}

/**
 * One line of the order summary. On a narrow screen the label wraps within its own column while the
 * amount keeps to the right on the label's first line, never dropping under it.
 */
function SummaryLine({
  label,
  amount,
  ...text
}: { label: string; amount: string } & Pick<TextProps, 'c' | 'fw' | 'size'>) {
  const textProps = { size: 'sm', ...text };
  return (
    <Group justify="space-between" align="flex-start" wrap="nowrap" gap="md">
      <Text {...textProps} style={{ minWidth: 0 }}>
        {label}
      </Text>
      <Text {...textProps} style={{ whiteSpace: 'nowrap' }}>
        {amount}
      </Text>
    </Group>
  );
}

/** The payment modal of docs/product.md#account-screens: plan summary, e-mail, card, error box and the submit button. */
export function CheckoutModal({
  plan,
  onClose,
  onSuccess,
}: {
  plan: Plan | null;
  onClose: () => void;
  onSuccess: (plan: Plan) => void;
}) {
  const config = usePaymentsConfig();
  const billingEmail = useBillingEmail();
  const [phase, setPhase] = useState<Phase>('setup');
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const controller = useRef<CardConfirmer | null>(null);
  const session = useRef<Session | null>(null);
  const attemptKey = useRef(newAttemptKey());

  // A new plan is a new payment attempt: fresh key, no session, no error.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the plan's id is what starts a new attempt
  useEffect(() => {
    session.current = null;
    attemptKey.current = newAttemptKey();
    setError(null);
    setPhase('setup');
  }, [plan?.id]);

  useEffect(() => {
    if (config.isError) setError('Failed to initialize payment. Please try again.');
    else if (config.data && phase === 'setup') setPhase('ready');
  }, [config.data, config.isError, phase]);

  // Filled in once from the account; after that the field is the person's to change or clear.
  const prefilled = useRef(false);
  useEffect(() => {
    if (!billingEmail.data || prefilled.current) return;
    prefilled.current = true;
    setEmail((current) => current || billingEmail.data!);
  }, [billingEmail.data]);

  if (!plan) return null;

  const startSession = async (): Promise<Session> => {
    if (session.current) return session.current;
    if (plan.interval === 'lifetime') {
      const created = await createPaymentIntent(
        {
          amount: plan.total_price,
          currency: plan.currency.toLowerCase(),
          item_id: plan.id,
          event_id: 0,
          description: `LinksMate ${plan.name} membership`,
          plan_id: plan.provider_price_id ?? plan.id,
        },
        attemptKey.current,
      ).catch((err) => {
        throw err instanceof ApiError ? err : new Error('Failed to create payment intent');
      });
      if (!created.client_secret) throw new Error('No client secret received from server');
      session.current = {
        clientSecret: created.client_secret,
        kind: 'payment',
        intentId: created.payment_intent_id,
      };
    } else {
      const created = await createSubscription(
        { plan_id: plan.provider_price_id ?? plan.id },
        attemptKey.current,
      ).catch((err) => {
        throw err instanceof ApiError ? err : new Error('Failed to create subscription');
      });
      if (!created.subscription_id || !created.intent_type)
        throw new Error('Unexpected subscription response');
      if (!created.client_secret) throw new Error('No client secret received from server');
      session.current = {
        clientSecret: created.client_secret,
        kind: created.intent_type,
        subscriptionId: created.subscription_id,
        intentId: created.client_secret.split('_secret_')[0]!,
      };
    }
    return session.current;
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (phase !== 'ready') return;
    if (!email.trim()) {
      setError('Please enter your email address');
      return;
    }
    setError(null);
    setPhase('processing');
    try {
      const current = await startSession();
      if (!controller.current)
        throw new Error('Payment session not initialized. Please close and try again.');
      const result = await controller.current.confirm(current.clientSecret, email.trim());
      if ('error' in result) throw new Error(result.error);
      const problem = outcomeMessage(result.status);
      if (problem) throw new Error(problem);
      await confirmPayment({
        ...(current.kind === 'setup'
          ? { setup_intent_id: current.intentId }
          : { payment_intent_id: current.intentId }),
        ...(current.subscriptionId ? { subscription_id: current.subscriptionId } : {}),
        event_id: 0,
      });
      setPhase('submitted');
      onSuccess(plan);
    } catch (err) {
      setError(
        err instanceof Error && err.message ? err.message : 'An unexpected error occurred. Please try again.',
      );
      setPhase('ready');
    }
  };

  const busy = phase === 'processing' || phase === 'submitted';
  return (
    <Modal
      opened
      onClose={busy ? () => {} : onClose}
      title={<Title order={2} fz="xl">{`LinksMate ${plan.name}`}</Title>}
      closeButtonProps={{ 'aria-label': 'Close' }}
      centered
      size="md"
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Stack gap={4} p="md" bg="gray.0" style={{ borderRadius: 'var(--mantine-radius-md)' }}>
            <SummaryLine
              label={`${plan.name} membership (${intervalLabel(plan)})`}
              amount={money(plan.price)}
            />
            <SummaryLine label={GST_LABEL} amount={money(plan.gst_amount)} c="dimmed" />
            <Divider my={4} />
            <SummaryLine
              label={plan.trial_days > 0 ? 'Due after your free trial' : 'Total'}
              amount={money(plan.total_price)}
              fw={700}
              size="md"
            />
            {plan.trial_days > 0 && (
              <Text size="xs" c="dimmed">
                Nothing is charged today. Your card is saved and charged when the {plan.trial_days}-day trial
                ends, unless you cancel before.
              </Text>
            )}
          </Stack>
          <FormError>{error}</FormError>
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
          />
          <CardField setup={config.data} controller={controller} />
          <Button type="submit" size="md" loading={busy} disabled={phase === 'setup'} fullWidth>
            {submitLabel(plan)}
          </Button>
        </Stack>
      </form>
    </Modal>
  );
}
