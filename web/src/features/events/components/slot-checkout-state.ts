import { CHECKOUT_MESSAGES, EVENT_MESSAGES } from '@linksmate/proto/rules';
import type { SlotPaymentIntentReply } from '../api/create-slot-payment-intent';
import type { Quantities } from './slot-selection';

export const CHECKOUT_TEXTS = {
  startFailed: 'Failed to initialize payment. Please try again.',
} as const;

/**
 * Where a slot purchase is (docs/product.md#community-states): choosing quantities, waiting for the payment intent that
 * holds the seats, on the card form with that intent, or waiting for the card and the confirmation.
 * The intent lives in the steps that need it, so a card form without one cannot be reached.
 */
export type CheckoutStep =
  | { kind: 'select' }
  | { kind: 'starting' }
  | { kind: 'pay'; intent: SlotPaymentIntentReply }
  | { kind: 'paying'; intent: SlotPaymentIntentReply };

export interface CheckoutState {
  step: CheckoutStep;
  quantities: Quantities;
  notes: string;
  email: string;
  /** The sentence shown above the buttons: a refusal, or what is missing. */
  error: string | null;
}

export type CheckoutAction =
  /** A new opening of the dialog: nothing chosen, no intent, no error (notes and email stay). */
  | { type: 'opened' }
  | { type: 'quantitiesChanged'; quantities: Quantities }
  | { type: 'notesChanged'; notes: string }
  | { type: 'emailChanged'; email: string }
  /** The billing e-mail on file arrived; it fills the field only when nothing was typed there. */
  | { type: 'billingEmailLoaded'; email: string }
  | { type: 'startRequested'; seats: number }
  | { type: 'intentCreated'; intent: SlotPaymentIntentReply }
  /** `message` null: the refusal is answered elsewhere (a 402 goes to the membership page). */
  | { type: 'startFailed'; message: string | null }
  | { type: 'payRequested' }
  | { type: 'payFailed'; message: string | null }
  /** docs/product.md#community-errors: the seat went while the card was charged; the money is refunded, nothing to retry. */
  | { type: 'seatLost' }
  | { type: 'selectionReopened' };

export const initialCheckoutState = (): CheckoutState => ({
  step: { kind: 'select' },
  quantities: {},
  notes: '',
  email: '',
  error: null,
});

/** Whether a request is out: the dialog cannot be closed or its step changed meanwhile. */
export const isBusy = (state: CheckoutState) =>
  state.step.kind === 'starting' || state.step.kind === 'paying';

/** The intent of the card steps, or null before one is held. */
export const intentOf = (state: CheckoutState) =>
  state.step.kind === 'pay' || state.step.kind === 'paying' ? state.step.intent : null;

export function checkoutReducer(state: CheckoutState, action: CheckoutAction): CheckoutState {
  switch (action.type) {
    case 'opened':
      return { ...state, step: { kind: 'select' }, quantities: {}, error: null };
    case 'quantitiesChanged':
      return { ...state, quantities: action.quantities, error: null };
    case 'notesChanged':
      return { ...state, notes: action.notes };
    case 'emailChanged':
      return { ...state, email: action.email };
    case 'billingEmailLoaded':
      return state.email ? state : { ...state, email: action.email };
    case 'startRequested':
      if (state.step.kind !== 'select') return state;
      if (action.seats === 0) return { ...state, error: EVENT_MESSAGES.slotRequired };
      return { ...state, step: { kind: 'starting' }, error: null };
    case 'intentCreated':
      if (state.step.kind !== 'starting') return state;
      return { ...state, step: { kind: 'pay', intent: action.intent } };
    case 'startFailed':
      if (state.step.kind !== 'starting') return state;
      return { ...state, step: { kind: 'select' }, error: action.message };
    case 'payRequested':
      if (state.step.kind !== 'pay') return state;
      if (!state.email.trim()) return { ...state, error: CHECKOUT_MESSAGES.emailRequired };
      return { ...state, step: { kind: 'paying', intent: state.step.intent }, error: null };
    case 'payFailed':
      if (state.step.kind !== 'paying') return state;
      return { ...state, step: { kind: 'pay', intent: state.step.intent }, error: action.message };
    case 'seatLost':
      return { ...state, step: { kind: 'select' }, error: EVENT_MESSAGES.seatLostRefunded };
    case 'selectionReopened':
      if (state.step.kind !== 'pay') return state;
      return { ...state, step: { kind: 'select' } };
  }
}
