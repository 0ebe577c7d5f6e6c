/**
 * What the browser does with a client secret (Stripe.js's confirmCardPayment / confirmCardSetup),
 * against the simulator: the card goes to the provider, never to LinksMate's servers.
 */
export async function confirmCardAsBrowser(options: {
  simulatorUrl: string;
  publishableKey: string;
  clientSecret: string;
  cardNumber: string;
  email?: string;
}): Promise<{ ok: true; intent: Record<string, unknown> } | { ok: false; message: string; code?: string }> {
  const intentId = options.clientSecret.split('_secret_')[0]!;
  const kind = intentId.startsWith('seti_') ? 'setup_intents' : 'payment_intents';
  const form = new URLSearchParams({
    key: options.publishableKey,
    client_secret: options.clientSecret,
    'payment_method_data[type]': 'card',
    'payment_method_data[card][number]': options.cardNumber.replace(/\s/g, ''),
    'payment_method_data[card][exp_month]': '12',
    'payment_method_data[card][exp_year]': String(new Date().getUTCFullYear() + 3),
    'payment_method_data[card][cvc]': '123',
    ...(options.email ? { 'payment_method_data[billing_details][email]': options.email } : {}),
  });
  const response = await fetch(`${options.simulatorUrl}/v1/${kind}/${intentId}/confirm`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
  });
  const body = (await response.json()) as Record<string, unknown>;
  if (response.ok) return { ok: true, intent: body };
  const error = body.error as { message: string; code?: string };
  return { ok: false, message: error.message, code: error.code };
}
