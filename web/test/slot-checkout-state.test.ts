import type { SlotPaymentIntentReply } from '@linksmate/proto';
import { CHECKOUT_MESSAGES, EVENT_MESSAGES } from '@linksmate/proto/rules';
import { describe, expect, it } from 'vitest';
import {
  type CheckoutAction,
  type CheckoutState,
  checkoutReducer,
  initialCheckoutState,
  intentOf,
  isBusy,
} from '../src/features/events/components/slot-checkout-state';

const intent: SlotPaymentIntentReply = {
  client_secret: 'pi_1_secret_2',
  payment_intent_id: 'pi_1',
  hold_expires_at: '2026-12-01T10:15:00.000Z',
  slots: [],
  subtotal: 4091,
  gst_amount: 409,
  total_amount: 4500,
  currency: 'AUD',
};

const after = (state: CheckoutState, ...actions: CheckoutAction[]): CheckoutState =>
  actions.reduce(checkoutReducer, state);
const run = (...actions: CheckoutAction[]) => after(initialCheckoutState(), ...actions);

const onCardForm = (): CheckoutState =>
  run(
    { type: 'quantitiesChanged', quantities: { '7': 2 } },
    { type: 'startRequested', seats: 2 },
    { type: 'intentCreated', intent },
  );

describe('slot checkout state (docs/product.md#community-states slot purchase)', () => {
  it('when payment is asked for with no seat chosen, then it stays on the selection and says to choose a slot', () => {
    const state = run({ type: 'startRequested', seats: 0 });
    expect(state.step).toEqual({ kind: 'select' });
    expect(state.error).toBe(EVENT_MESSAGES.slotRequired);
  });

  it('when quantities change after a refusal, then the refusal goes', () => {
    const state = run(
      { type: 'startRequested', seats: 0 },
      { type: 'quantitiesChanged', quantities: { '7': 1 } },
    );
    expect(state.error).toBeNull();
    expect(state.quantities).toEqual({ '7': 1 });
  });

  it('when seats are chosen and the intent arrives, then the card form holds that intent and nothing is busy', () => {
    const starting = run({ type: 'startRequested', seats: 2 });
    expect(starting.step).toEqual({ kind: 'starting' });
    expect(isBusy(starting)).toBe(true);
    const state = checkoutReducer(starting, { type: 'intentCreated', intent });
    expect(state.step).toEqual({ kind: 'pay', intent });
    expect(intentOf(state)).toBe(intent);
    expect(isBusy(state)).toBe(false);
  });

  it('when the intent cannot be made, then the selection comes back with the reason and what was chosen', () => {
    const state = run(
      { type: 'quantitiesChanged', quantities: { '7': 2 } },
      { type: 'startRequested', seats: 2 },
      { type: 'startFailed', message: 'Only 1 seat left' },
    );
    expect(state.step).toEqual({ kind: 'select' });
    expect(state.error).toBe('Only 1 seat left');
    expect(state.quantities).toEqual({ '7': 2 });
    expect(intentOf(state)).toBeNull();
  });

  it('when paying with an empty e-mail, then the card form stays and asks for the address', () => {
    const state = checkoutReducer(onCardForm(), { type: 'payRequested' });
    expect(state.step).toEqual({ kind: 'pay', intent });
    expect(state.error).toBe(CHECKOUT_MESSAGES.emailRequired);
  });

  it('when the card is refused, then the card form comes back with the same intent and the reason', () => {
    const state = after(
      onCardForm(),
      { type: 'emailChanged', email: 'jack@example.com' },
      { type: 'payRequested' },
      { type: 'payFailed', message: 'Your card was declined.' },
    );
    expect(state.step).toEqual({ kind: 'pay', intent });
    expect(state.error).toBe('Your card was declined.');
  });

  it('when the seat is lost while the card is charged, then the intent is dropped and the refund is named', () => {
    const state = after(
      onCardForm(),
      { type: 'emailChanged', email: 'jack@example.com' },
      { type: 'payRequested' },
      { type: 'seatLost' },
    );
    expect(state.step).toEqual({ kind: 'select' });
    expect(intentOf(state)).toBeNull();
    expect(state.error).toBe(EVENT_MESSAGES.seatLostRefunded);
  });

  it('when a second payment is asked for while one is out, then nothing changes', () => {
    const paying = after(
      onCardForm(),
      { type: 'emailChanged', email: 'jack@example.com' },
      { type: 'payRequested' },
    );
    expect(paying.step.kind).toBe('paying');
    expect(checkoutReducer(paying, { type: 'payRequested' })).toBe(paying);
    expect(checkoutReducer(paying, { type: 'selectionReopened' })).toBe(paying);
  });

  it('when the billing e-mail loads after the person typed one, then what they typed stays', () => {
    const typed = run({ type: 'emailChanged', email: 'me@example.com' });
    expect(checkoutReducer(typed, { type: 'billingEmailLoaded', email: 'billing@example.com' }).email).toBe(
      'me@example.com',
    );
    expect(run({ type: 'billingEmailLoaded', email: 'billing@example.com' }).email).toBe(
      'billing@example.com',
    );
  });

  it('when the dialog opens again, then the choice, intent and error are cleared and the notes and e-mail kept', () => {
    const before = after(
      onCardForm(),
      { type: 'notesChanged', notes: 'Left-handed clubs please' },
      { type: 'emailChanged', email: 'jack@example.com' },
      { type: 'payRequested' },
      { type: 'payFailed', message: 'Your card was declined.' },
    );
    const state = checkoutReducer(before, { type: 'opened' });
    expect(state).toEqual({
      step: { kind: 'select' },
      quantities: {},
      notes: 'Left-handed clubs please',
      email: 'jack@example.com',
      error: null,
    });
  });
});
