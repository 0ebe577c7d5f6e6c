/** Stripe's documented test cards that the simulator understands. */
export interface CardOutcome {
  ok: boolean;
  brand: string;
  code?: 'card_declined';
  declineCode?: 'generic_decline' | 'insufficient_funds';
  message?: string;
}

const OUTCOMES: Record<string, CardOutcome> = {
  '4242424242424242': { ok: true, brand: 'visa' },
  '4000056655665556': { ok: true, brand: 'visa' },
  '5555555555554444': { ok: true, brand: 'mastercard' },
  '4000000000000002': {
    ok: false,
    brand: 'visa',
    code: 'card_declined',
    declineCode: 'generic_decline',
    message: 'Your card was declined.',
  },
  '4000000000009995': {
    ok: false,
    brand: 'visa',
    code: 'card_declined',
    declineCode: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
  },
};

export function cardOutcome(number: string): CardOutcome | null {
  return OUTCOMES[number.replace(/\s|-/g, '')] ?? null;
}
