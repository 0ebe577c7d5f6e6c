import type { Event } from '@linksmate/proto';
import { EVENT_MESSAGES, formatCents, MAX_SLOTS_PER_PURCHASE } from '@linksmate/proto/rules';
import { Alert, Button, Group, Modal, Skeleton, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { FormError } from '../../../components/FormError';
import { CardField } from '../../../components/payments/CardField';
import { ApiError } from '../../../lib/api-client';
import { type CardConfirmer, outcomeMessage } from '../../../lib/card-payments';
import { randomId } from '../../../lib/random-id';
import { confirmSlotPayment } from '../api/confirm-slot-payment';
import { createSlotPaymentIntent, type SlotPaymentIntentReply } from '../api/create-slot-payment-intent';
import { useBillingEmail } from '../api/get-billing-email';
import { usePaymentsConfig } from '../api/get-payments-config';
import { useTicketTypes } from '../api/get-ticket-types';
import { eventsKeys } from '../api/keys';
import { formatTime } from '../event-text';
import { failureText } from './join-errors';
import { SlotSelector, SlotSummary } from './SlotSelector';
import { optionsOf, type Quantities, selectionsOf, totalsOf } from './slot-selection';

type Step = 'select' | 'starting' | 'pay' | 'paying';

/** docs/product.md#community-errors: a seat lost while the card was charged is refunded, and the person told so. */
const seatLost = (error: unknown) =>
  error instanceof ApiError &&
  error.status === 409 &&
  (error.code === 'seat_lost_refunded' || error.message === EVENT_MESSAGES.seatLostRefunded);

/**
 * docs/product.md#community-states "Slot purchase": the slot types load (or fail, with a retry), the person picks
 * quantities, a payment intent holds the seats, the card is confirmed with the shared card field,
 * then the payment is confirmed with the selection and the event read again. `fromOffer` accepts a
 * waitlist offer: one seat, the one held for the person.
 */
export function SlotCheckout({
  event,
  opened,
  onClose,
  fromOffer = false,
}: {
  event: Event;
  opened: boolean;
  onClose: () => void;
  fromOffer?: boolean;
}) {
  const queryClient = useQueryClient();
  const ticketTypes = useTicketTypes(event.id, opened);
  const config = usePaymentsConfig(opened);
  const billingEmail = useBillingEmail(opened);
  const [step, setStep] = useState<Step>('select');
  const [quantities, setQuantities] = useState<Quantities>({});
  const [notes, setNotes] = useState('');
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [intent, setIntent] = useState<SlotPaymentIntentReply | null>(null);
  const controller = useRef<CardConfirmer | null>(null);
  // On a phone the checkout takes the whole screen: the card keyboard leaves little room otherwise.
  const phone = useMediaQuery('(max-width: 36em)');
  const attemptKey = useRef(`slots-${randomId()}`);

  // Each opening is a new attempt: nothing chosen, no intent, no error.
  useEffect(() => {
    if (!opened) return;
    setStep('select');
    setQuantities({});
    setIntent(null);
    setError(null);
    attemptKey.current = `slots-${randomId()}`;
  }, [opened]);

  const prefilled = useRef(false);
  useEffect(() => {
    if (!billingEmail.data || prefilled.current) return;
    prefilled.current = true;
    setEmail((current) => current || billingEmail.data!);
  }, [billingEmail.data]);

  const options = optionsOf(ticketTypes.data?.ticket_types ?? [], event);
  const totals = totalsOf(options, quantities);
  const seatsLeft = Math.max(0, event.capacity - event.current_participant_count);
  const maxSeats = fromOffer ? 1 : Math.min(MAX_SLOTS_PER_PURCHASE, seatsLeft);
  const currency = options[0]?.currency ?? event.currency;

  const start = async () => {
    if (totals.seats === 0) {
      setError(EVENT_MESSAGES.slotRequired);
      return;
    }
    setError(null);
    setStep('starting');
    try {
      const created = await createSlotPaymentIntent(
        {
          event_id: event.id,
          slot_selections: selectionsOf(totals),
          currency,
          total_amount: totals.total,
          notes: notes.trim() || undefined,
          from_waitlist_offer: fromOffer || undefined,
        },
        attemptKey.current,
      );
      if (!created.client_secret) throw new Error('Failed to initialize payment. Please try again.');
      setIntent(created);
      setStep('pay');
    } catch (err) {
      setError(failureText(err, 'Failed to initialize payment. Please try again.'));
      setStep('select');
    }
  };

  const pay = async (e: FormEvent) => {
    e.preventDefault();
    if (!intent || step !== 'pay') return;
    if (!email.trim()) {
      setError('Please enter your email address');
      return;
    }
    setError(null);
    setStep('paying');
    try {
      if (!controller.current)
        throw new Error('Payment session not initialized. Please close and try again.');
      const result = await controller.current.confirm(intent.client_secret, email.trim());
      if ('error' in result) throw new Error(result.error);
      const problem = outcomeMessage(result.status);
      if (problem) throw new Error(problem);
      const confirmed = await confirmSlotPayment({
        paymentIntentId: intent.payment_intent_id,
        eventId: event.id,
        slot_selections: selectionsOf(totals),
        notes: notes.trim() || undefined,
      });
      await queryClient.invalidateQueries({ queryKey: eventsKeys.all });
      notifications.show({ color: 'green', title: 'Payment received', message: confirmed.message });
      onClose();
    } catch (err) {
      if (seatLost(err)) {
        setError(EVENT_MESSAGES.seatLostRefunded);
        // The seat is gone and the money on its way back: nothing is left to retry here.
        setIntent(null);
        setStep('select');
        void queryClient.invalidateQueries({ queryKey: eventsKeys.all });
        return;
      }
      setError(
        err instanceof ApiError
          ? failureText(err, 'Payment failed. Please try again.')
          : err instanceof Error && err.message
            ? err.message
            : 'An unexpected error occurred. Please try again.',
      );
      setStep('pay');
    }
  };

  const busy = step === 'starting' || step === 'paying';
  let body: React.ReactNode;
  if (step === 'pay' || step === 'paying') {
    body = (
      <form onSubmit={pay} noValidate>
        <Stack gap="md">
          <SlotSummary
            lines={intent!.slots.map((slot) => ({
              label: `${slot.slot_type_name} × ${slot.quantity}`,
              amount: slot.line_total,
            }))}
            subtotal={intent!.subtotal}
            gst={intent!.gst_amount}
            total={intent!.total_amount}
            currency={intent!.currency}
          />
          <Text size="sm" c="dimmed">
            Your {totals.seats === 1 ? 'seat is' : 'seats are'} held until{' '}
            {formatTime(intent!.hold_expires_at)}.
          </Text>
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
          <Group justify="space-between" gap="sm">
            <Button variant="default" onClick={() => setStep('select')} disabled={busy || fromOffer}>
              Change selection
            </Button>
            <Button type="submit" loading={step === 'paying'} disabled={!config.data}>
              Pay {formatCents(intent!.total_amount, intent!.currency)}
            </Button>
          </Group>
        </Stack>
      </form>
    );
  } else if (ticketTypes.isPending) {
    body = (
      <Stack gap="sm" role="status" aria-busy="true" aria-label="Loading slot types">
        <Skeleton height={72} radius="md" />
        <Skeleton height={72} radius="md" />
        <Skeleton height={120} radius="md" />
      </Stack>
    );
  } else if (ticketTypes.isError) {
    body = (
      <Alert
        color="red"
        variant="light"
        role="alert"
        icon={<IconAlertCircle size={18} aria-hidden />}
        title="Failed to load available slot types"
      >
        <Button
          size="xs"
          variant="default"
          onClick={() => void ticketTypes.refetch()}
          loading={ticketTypes.isFetching}
        >
          Try again
        </Button>
      </Alert>
    );
  } else if (options.length === 0) {
    body = <Text>{EVENT_MESSAGES.noSlotTypes}</Text>;
  } else {
    body = (
      <Stack gap="md">
        <SlotSelector
          options={options}
          quantities={quantities}
          onChange={(next) => {
            setQuantities(next);
            setError(null);
          }}
          maxSeats={maxSeats}
          totals={totals}
          currency={currency}
        />
        <Textarea
          size="md"
          label="Notes (optional)"
          value={notes}
          onChange={(e) => setNotes(e.currentTarget.value)}
          maxLength={1000}
          autosize
          minRows={2}
        />
        <FormError>{error}</FormError>
        <Group justify="flex-end" gap="sm" wrap="nowrap">
          <Button variant="default" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button onClick={() => void start()} loading={step === 'starting'}>
            Continue to payment
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <Modal
      opened={opened}
      onClose={busy ? () => {} : onClose}
      title={
        fromOffer
          ? 'Accept your seat'
          : step === 'pay' || step === 'paying'
            ? 'Pay by card'
            : 'Choose your slots'
      }
      closeButtonProps={{ 'aria-label': 'Close' }}
      centered
      size="lg"
      fullScreen={phone}
    >
      <Text fw={600} mb="sm">
        {event.title}
      </Text>
      {body}
    </Modal>
  );
}
