import { confirmCardAsBrowser } from '../stripe-simulator';

/**
 * Demo golfers who paid for the monthly plan by card, and one whose card was declined: real
 * payments through the payment provider's simulator, so the admin area's transactions and revenue
 * have something to show. Made after the gateway is up (the provider's webhooks arrive through it).
 */
const PAYERS = [
  { email: 'chloe_d@golfers.linksmate.dev', card: '4242 4242 4242 4242' },
  { email: 'tom_v@golfers.linksmate.dev', card: '4242 4242 4242 4242' },
  { email: 'ruby_f@golfers.linksmate.dev', card: '4242 4242 4242 4242' },
  { email: 'isla_r@golfers.linksmate.dev', card: '4000 0000 0000 0002' },
] as const;

/** The card a demo payment uses: a declined one leaves a failed transaction, as a real one would. */
export async function seedPayments(
  urls: { payments: string },
  options: {
    login: (email: string) => Promise<string>;
    simulator: { url: string; publishableKey: string };
  },
): Promise<number> {
  const plans = (await (await fetch(`${urls.payments}/payments/plans`)).json()) as {
    plans: Array<{ id: string; provider_price_id: string }>;
  };
  const monthly = plans.plans.find((p) => p.id === 'monthly');
  if (!monthly) return 0;
  // Paid at an earlier start: the ledger shows it, and the simulator kept its subscriptions.
  const admin = await options.login('admin@linksmate.dev');
  const ledger = (await (
    await fetch(`${urls.payments}/admin/payments/transactions?limit=1`, {
      headers: { authorization: `Bearer ${admin}` },
    })
  ).json()) as { total: number };
  if (ledger.total > 0) return 0;
  let paid = 0;
  for (const payer of PAYERS) {
    const token = await options.login(payer.email);
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const status = (await (
      await fetch(`${urls.payments}/payments/subscription-status`, { headers })
    ).json()) as {
      status: string | null;
    };
    // Paid (or declined) at an earlier start: the ledger already shows it.
    if (status.status) continue;
    const created = await fetch(`${urls.payments}/payments/create-subscription`, {
      method: 'POST',
      headers,
      // No trial: the first month is charged now, so the ledger and revenue show a payment.
      body: JSON.stringify({ plan_id: monthly.provider_price_id, trial_days: 0 }),
    });
    if (!created.ok)
      throw new Error(`demo subscription for ${payer.email}: ${created.status} ${await created.text()}`);
    const { client_secret } = (await created.json()) as { client_secret: string };
    await confirmCardAsBrowser({
      simulatorUrl: options.simulator.url,
      publishableKey: options.simulator.publishableKey,
      clientSecret: client_secret,
      cardNumber: payer.card,
    });
    paid++;
  }
  return paid;
}
