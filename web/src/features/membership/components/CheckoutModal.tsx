import { CHECKOUT_MESSAGES, GST_LABEL } from '@linksmate/proto/rules';
import { Button, Divider, Modal, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useRef, useState } from 'react';
import { OrderSummary, SummaryLine } from '../../../components/payments/OrderSummary';
import { CardPayStep, useCardPayment } from '../../../entities/payment/components/CardPayStep';
import { ApiError } from '../../../lib/api-client';
import { cardFailureText } from '../../../lib/card-payments';
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
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: '' },
    validate: { email: (email) => (email.trim() ? null : CHECKOUT_MESSAGES.emailRequired) },
  });
  // Filled in once from the account; after that the field is the person's to change or clear.
  const payment = useCardPayment(true, (email) => {
    if (!form.getValues().email) form.setFieldValue('email', email);
  });
  const { config } = payment;
  const [phase, setPhase] = useState<Phase>('setup');
  const [error, setError] = useState<string | null>(null);
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

  const submit = async ({ email }: { email: string }) => {
    if (phase !== 'ready') return;
    setError(null);
    setPhase('processing');
    try {
      const current = await startSession();
      await payment.confirm(current.clientSecret, email);
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
      setError(cardFailureText(err));
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
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="md">
          <OrderSummary>
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
          </OrderSummary>
          <CardPayStep payment={payment} email={form.getInputProps('email')} error={error} />
          <Button type="submit" size="md" loading={busy} disabled={phase === 'setup'} fullWidth>
            {submitLabel(plan)}
          </Button>
        </Stack>
      </form>
    </Modal>
  );
}
