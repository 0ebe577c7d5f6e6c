import type { ConfirmSlotPaymentReply, SlotPaymentIntentReply } from '@linksmate/proto';
import { EVENT_MESSAGES, formatCents, gstOnCents } from '@linksmate/proto/rules';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SlotCheckout } from '../../src/features/events/components/SlotCheckout';
import { fakeApi, held, reply } from '../support/fake-api';
import { anEvent, aProfileUser, aTicketType } from '../support/fixtures';
import { renderInApp } from '../support/render';

const SIMULATOR = '/payments-simulator';
const event = anEvent({ capacity: 10, current_participant_count: 8 });
const MEMBERS = aTicketType({ id: 1, name: 'Members', price_per_ticket: 2500 });
const GUESTS = aTicketType({ id: 2, name: 'Guests', price_per_ticket: 4000 });

/** Two Members seats held: the server's own pricing of the selection. */
const INTENT: SlotPaymentIntentReply = {
  client_secret: 'pi_77_secret_abc',
  payment_intent_id: 'pi_77',
  hold_expires_at: '2026-12-05T10:15:00.000Z',
  slots: [
    {
      ticket_type_id: 1,
      slot_type_name: 'Members',
      quantity: 2,
      price_per_slot: 2500,
      line_total: 5000,
    },
  ],
  subtotal: 5000,
  gst_amount: gstOnCents(5000),
  total_amount: 5000 + gstOnCents(5000),
  currency: 'AUD',
};

/** The payments and events services as the checkout reads them, the card simulator beside them. */
function checkoutServer() {
  const api = fakeApi();
  api.on(`GET /events/${event.id}/ticket-types`, { ticket_types: [MEMBERS, GUESTS] });
  api.on('GET /payments/config', { publishable_key: 'pk_test_simulator', simulator_path: SIMULATOR });
  api.on('GET /profile', { user: aProfileUser({ email: 'mia@linksmate.dev' }), membership: null });
  api.on('POST /events/slot-payment-intent', INTENT);
  api.on(`POST ${SIMULATOR}/v1/payment_intents/pi_77/confirm`, { id: 'pi_77', status: 'succeeded' });
  api.on('POST /events/confirm-slot-payment', {
    message: 'Booked: 2 × Members',
    booking: { id: 900 },
  } as unknown as ConfirmSlotPaymentReply);
  return api;
}

function openCheckout() {
  const onClose = vi.fn();
  const app = renderInApp(<SlotCheckout event={event} opened onClose={onClose} />, {
    signedInAs: { user_id: 5 },
  });
  return { ...app, onClose };
}

const dialog = () => screen.getByRole('dialog');
const addOne = (name: string) => screen.getByRole('button', { name: `Add one ${name}` });

async function chooseTwoMembers(user: ReturnType<typeof openCheckout>['user']) {
  await screen.findByText('Members');
  await user.click(addOne('Members'));
  await user.click(addOne('Members'));
}

describe('buying slots (docs/product.md#community-states "Slot purchase")', () => {
  it('when no slot is chosen, then Continue says to choose one and nothing is held', async () => {
    const api = checkoutServer();
    const { user } = openCheckout();
    expect(await screen.findByRole('dialog', { name: 'Choose your slots' })).toBeInTheDocument();
    await screen.findByText('Members');
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect(within(dialog()).getByText(EVENT_MESSAGES.slotRequired)).toBeInTheDocument();
    expect(api.sent('POST /events/slot-payment-intent')).toEqual([]);
  });

  it('when two seats are left, then no more than two can be added across the slot types', async () => {
    checkoutServer();
    const { user } = openCheckout();
    await chooseTwoMembers(user);
    expect(addOne('Members')).toBeDisabled();
    expect(addOne('Guests')).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Remove one Members' }));
    expect(addOne('Guests')).toBeEnabled();
  });

  it('when the slot types cannot be read, then the failure shows with Try again, which reads them again', async () => {
    const api = checkoutServer();
    api.on(`GET /events/${event.id}/ticket-types`, reply(500, { error: 'Internal error' }));
    const { user } = openCheckout();
    expect(await screen.findByText('Failed to load available slot types')).toBeInTheDocument();
    api.on(`GET /events/${event.id}/ticket-types`, { ticket_types: [MEMBERS] });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Members')).toBeInTheDocument();
  });

  it('when the seats are held, then the card step shows the priced summary, the hold and the billing e-mail, and Change selection goes back', async () => {
    const api = checkoutServer();
    const holding = held<SlotPaymentIntentReply>();
    api.on('POST /events/slot-payment-intent', holding.answer);
    const { user } = openCheckout();
    await chooseTwoMembers(user);
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled());
    expect(api.sent('POST /events/slot-payment-intent')[0]?.body).toMatchObject({
      event_id: event.id,
      slot_selections: [{ ticket_type_id: 1, quantity: 2, price_per_slot: 2500 }],
      total_amount: 5000 + gstOnCents(5000),
      currency: 'AUD',
    });

    act(() => holding.release(INTENT));
    expect(await screen.findByRole('dialog', { name: 'Pay by card' })).toBeInTheDocument();
    expect(within(dialog()).getByText('Members × 2')).toBeInTheDocument();
    // 10:15 UTC is 9:15 pm in Sydney.
    expect(within(dialog()).getByText(/seats are held until 9:15/i)).toBeInTheDocument();
    expect(await screen.findByDisplayValue('mia@linksmate.dev')).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: `Pay ${formatCents(INTENT.total_amount, 'AUD')}` }),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Change selection' }));
    expect(await screen.findByRole('dialog', { name: 'Choose your slots' })).toBeInTheDocument();
    expect(screen.getAllByTestId('slot-quantity')[0]).toHaveTextContent('2');
  });

  it('when the card is accepted, then the booking is confirmed with the selection and the checkout closes', async () => {
    const api = checkoutServer();
    const { user, onClose } = openCheckout();
    await chooseTwoMembers(user);
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await screen.findByRole('dialog', { name: 'Pay by card' });
    await user.type(screen.getByRole('textbox', { name: /Card number/ }), '4242424242424242');
    await user.type(screen.getByRole('textbox', { name: /Expiry/ }), '1230');
    await user.type(screen.getByRole('textbox', { name: /CVC/ }), '123');
    await user.click(screen.getByRole('button', { name: /^Pay / }));

    await waitFor(() => expect(onClose).toHaveBeenCalledOnce());
    expect(api.sent(`POST ${SIMULATOR}/v1/payment_intents/pi_77/confirm`)).toHaveLength(1);
    expect(api.sent('POST /events/confirm-slot-payment')[0]?.body).toEqual({
      paymentIntentId: 'pi_77',
      eventId: event.id,
      slot_selections: [
        { ticket_type_id: 1, slot_type_name: 'Members', quantity: 2, price_per_slot: 2500, currency: 'AUD' },
      ],
    });
  });

  it('when the card is declined, then the reason shows on the card step and paying can be tried again', async () => {
    const api = checkoutServer();
    api.on(
      `POST ${SIMULATOR}/v1/payment_intents/pi_77/confirm`,
      reply(402, { error: { message: 'Your card was declined.' } }),
    );
    const { user, onClose } = openCheckout();
    await chooseTwoMembers(user);
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await screen.findByRole('dialog', { name: 'Pay by card' });
    await user.click(screen.getByRole('button', { name: /^Pay / }));
    expect(await within(dialog()).findByText('Your card was declined.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Pay / })).toBeEnabled();
    expect(api.sent('POST /events/confirm-slot-payment')).toEqual([]);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('when the seat was lost while the card was charged, then the refund is said and the person is back at choosing', async () => {
    const api = checkoutServer();
    api.on(
      'POST /events/confirm-slot-payment',
      reply(409, { error: EVENT_MESSAGES.seatLostRefunded, code: 'seat_lost_refunded' }),
    );
    const { user } = openCheckout();
    await chooseTwoMembers(user);
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await screen.findByRole('dialog', { name: 'Pay by card' });
    await user.click(screen.getByRole('button', { name: /^Pay / }));
    expect(await screen.findByRole('dialog', { name: 'Choose your slots' })).toBeInTheDocument();
    expect(within(dialog()).getByText(EVENT_MESSAGES.seatLostRefunded)).toBeInTheDocument();
  });
});
