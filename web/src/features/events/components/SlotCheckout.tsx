import type { Event } from '@linksmate/proto';
import { EVENT_MESSAGES, formatCents, MAX_SLOTS_PER_PURCHASE } from '@linksmate/proto/rules';
import { Alert, Button, Group, Modal, Skeleton, Stack, Text, Textarea } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useReducer, useRef } from 'react';
import { FormError } from '../../../components/FormError';
import { CardPayStep, useCardPayment } from '../../../entities/payment/components/CardPayStep';
import { ApiError } from '../../../lib/api-client';
import { cardFailureText } from '../../../lib/card-payments';
import { randomId } from '../../../lib/random-id';
import { confirmSlotPayment } from '../api/confirm-slot-payment';
import { createSlotPaymentIntent } from '../api/create-slot-payment-intent';
import { useTicketTypes } from '../api/get-ticket-types';
import { eventsKeys } from '../api/keys';
import { formatTime } from '../event-text';
import { failureText } from './join-errors';
import { SlotSelector, SlotSummary } from './SlotSelector';
import {
  CHECKOUT_TEXTS,
  type CheckoutAction,
  checkoutReducer,
  initialCheckoutState,
  intentOf,
  isBusy,
} from './slot-checkout-state';
import { optionsOf, selectionsOf, totalsOf } from './slot-selection';

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
  const [state, dispatch] = useReducer(checkoutReducer, undefined, initialCheckoutState);
  const { step, quantities, notes, email, error } = state;
  const intent = intentOf(state);
  const payment = useCardPayment(opened, (email) => dispatch({ type: 'billingEmailLoaded', email }));
  // On a phone the checkout takes the whole screen: the card keyboard leaves little room otherwise.
  const phone = useMediaQuery('(max-width: 36em)');
  const attemptKey = useRef(`slots-${randomId()}`);

  // Each opening is a new attempt: nothing chosen, no intent, no error.
  useEffect(() => {
    if (!opened) return;
    dispatch({ type: 'opened' });
    attemptKey.current = `slots-${randomId()}`;
  }, [opened]);

  /** Dispatches `action` and answers the step it leads to (the reducer decides whether it may go on). */
  const advance = (action: CheckoutAction) => {
    dispatch(action);
    return checkoutReducer(state, action).step.kind;
  };

  const options = optionsOf(ticketTypes.data?.ticket_types ?? [], event);
  const totals = totalsOf(options, quantities);
  const seatsLeft = Math.max(0, event.capacity - event.current_participant_count);
  const maxSeats = fromOffer ? 1 : Math.min(MAX_SLOTS_PER_PURCHASE, seatsLeft);
  const currency = options[0]?.currency ?? event.currency;

  const start = async () => {
    if (advance({ type: 'startRequested', seats: totals.seats }) !== 'starting') return;
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
      if (!created.client_secret) throw new Error(CHECKOUT_TEXTS.startFailed);
      dispatch({ type: 'intentCreated', intent: created });
    } catch (err) {
      dispatch({ type: 'startFailed', message: failureText(err, CHECKOUT_TEXTS.startFailed) });
    }
  };

  const pay = async (e: FormEvent) => {
    e.preventDefault();
    if (!intent || advance({ type: 'payRequested' }) !== 'paying') return;
    try {
      await payment.confirm(intent.client_secret, email);
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
        // The seat is gone and the money on its way back: nothing is left to retry here.
        dispatch({ type: 'seatLost' });
        void queryClient.invalidateQueries({ queryKey: eventsKeys.all });
        return;
      }
      dispatch({
        type: 'payFailed',
        message:
          err instanceof ApiError
            ? failureText(err, 'Payment failed. Please try again.')
            : cardFailureText(err),
      });
    }
  };

  const busy = isBusy(state);
  let body: React.ReactNode;
  if (intent) {
    body = (
      <form onSubmit={pay} noValidate>
        <Stack gap="md">
          <SlotSummary
            lines={intent.slots.map((slot) => ({
              label: `${slot.slot_type_name} × ${slot.quantity}`,
              amount: slot.line_total,
            }))}
            subtotal={intent.subtotal}
            gst={intent.gst_amount}
            total={intent.total_amount}
            currency={intent.currency}
          />
          <Text size="sm" c="dimmed">
            Your {totals.seats === 1 ? 'seat is' : 'seats are'} held until{' '}
            {formatTime(intent.hold_expires_at)}.
          </Text>
          <CardPayStep
            payment={payment}
            email={{
              value: email,
              onChange: (e) => dispatch({ type: 'emailChanged', email: e.currentTarget.value }),
            }}
            error={error}
          />
          <Group justify="space-between" gap="sm">
            <Button
              variant="default"
              onClick={() => dispatch({ type: 'selectionReopened' })}
              disabled={busy || fromOffer}
            >
              Change selection
            </Button>
            <Button type="submit" loading={step.kind === 'paying'} disabled={!payment.config.data}>
              Pay {formatCents(intent.total_amount, intent.currency)}
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
          onChange={(next) => dispatch({ type: 'quantitiesChanged', quantities: next })}
          maxSeats={maxSeats}
          totals={totals}
          currency={currency}
        />
        <Textarea
          size="md"
          label="Notes (optional)"
          value={notes}
          onChange={(e) => dispatch({ type: 'notesChanged', notes: e.currentTarget.value })}
          maxLength={1000}
          autosize
          minRows={2}
        />
        <FormError>{error}</FormError>
        <Group justify="flex-end" gap="sm" wrap="nowrap">
          <Button variant="default" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button onClick={() => void start()} loading={step.kind === 'starting'}>
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
      title={fromOffer ? 'Accept your seat' : intent ? 'Pay by card' : 'Choose your slots'}
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
