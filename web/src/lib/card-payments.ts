/** The outcome of confirming a client secret with a card (docs/product.md#account-calls "Payment flow outcomes"). */
export type CardResult = { status: string; intentId: string } | { error: string };

export interface CardConfirmer {
  confirm(clientSecret: string, billingEmail: string): Promise<CardResult>;
}

export interface SimulatorCard {
  number: string;
  expiry: string;
  cvc: string;
}

/**
 * The simulator's card confirmation, as Stripe.js does it with Stripe: the card goes from the browser
 * to the provider (here, through the gateway to the local simulator), never to LinksMate's API.
 */
export async function confirmWithSimulator(
  simulatorPath: string,
  publishableKey: string,
  clientSecret: string,
  card: SimulatorCard,
  billingEmail: string,
): Promise<CardResult> {
  const intentId = clientSecret.split('_secret_')[0] ?? '';
  const kind = intentId.startsWith('seti_') ? 'setup_intents' : 'payment_intents';
  const [month, year] = card.expiry.split('/').map((part) => part.trim());
  const form = new URLSearchParams({
    key: publishableKey,
    client_secret: clientSecret,
    'payment_method_data[type]': 'card',
    'payment_method_data[card][number]': card.number.replace(/\s/g, ''),
    'payment_method_data[card][exp_month]': month ?? '',
    'payment_method_data[card][exp_year]': year ?? '',
    'payment_method_data[card][cvc]': card.cvc,
    'payment_method_data[billing_details][email]': billingEmail,
  });
  const response = await fetch(`${simulatorPath}/v1/${kind}/${intentId}/confirm`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
  });
  const body = (await response.json().catch(() => ({}))) as {
    status?: string;
    id?: string;
    error?: { message?: string };
  };
  if (!response.ok) return { error: body.error?.message ?? 'Payment failed. Please try again.' };
  return { status: body.status ?? 'unknown', intentId: body.id ?? intentId };
}

/** docs/product.md#account-calls: succeeded goes on; requires_payment_method and other states get these messages. */
export function outcomeMessage(status: string): string | null {
  if (status === 'succeeded') return null;
  if (status === 'requires_payment_method') return 'Payment failed. Please try a different payment method.';
  return `Payment status: ${status}. Please try again.`;
}

/**
 * Confirms `clientSecret` with the card the checkout's card field holds. Resolves when the card is
 * taken; otherwise throws an Error whose message is the sentence to show (the provider's refusal, or
 * the outcome's message).
 */
export async function confirmCard(
  confirmer: CardConfirmer | null,
  clientSecret: string,
  billingEmail: string,
): Promise<void> {
  if (!confirmer) throw new Error('Payment session not initialized. Please close and try again.');
  const result = await confirmer.confirm(clientSecret, billingEmail.trim());
  if ('error' in result) throw new Error(result.error);
  const problem = outcomeMessage(result.status);
  if (problem) throw new Error(problem);
}

/** What a failed card step shows: the sentence the failure carries, else the spec's fallback. */
export const cardFailureText = (error: unknown) =>
  error instanceof Error && error.message ? error.message : 'An unexpected error occurred. Please try again.';
