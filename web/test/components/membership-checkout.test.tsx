import type { CreateSubscriptionReply, Plan } from '@linksmate/proto';
import { CHECKOUT_MESSAGES, gstOnCents } from '@linksmate/proto/rules';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CheckoutModal } from '../../src/features/membership/components/CheckoutModal';
import { fakeApi, reply } from '../support/fake-api';
import { aProfileUser } from '../support/fixtures';
import { renderInApp } from '../support/render';

const SIMULATOR = '/payments-simulator';
const MONTHLY: Plan = {
  id: 'monthly',
  name: 'Monthly',
  price: 1500,
  originalPrice: null,
  currency: 'AUD',
  interval: 'month',
  description: 'Every month',
  badge: null,
  badge_color: null,
  features: [],
  popular: false,
  featured: false,
  provider_price_id: 'price_monthly',
  trial_days: 0,
  gstExclusive: true,
  gst_amount: gstOnCents(1500),
  total_price: 1500 + gstOnCents(1500),
};
const SUBSCRIPTION: CreateSubscriptionReply = {
  status: 'incomplete',
  subscription_id: 'sub_9',
  client_secret: 'pi_9_secret_x',
  intent_type: 'payment',
  plan_id: 'price_monthly',
  trial_days: 0,
  amount: MONTHLY.price,
  gst_amount: MONTHLY.gst_amount,
  currency: 'aud',
};

/** Payments as the membership checkout reads it, the card simulator beside it. */
function paymentsServer() {
  const api = fakeApi();
  api.on('GET /payments/config', { publishable_key: 'pk_test_simulator', simulator_path: SIMULATOR });
  api.on('GET /profile', { user: aProfileUser({ email: 'mia@linksmate.dev' }), membership: null });
  api.on('POST /payments/create-subscription', SUBSCRIPTION);
  api.on(`POST ${SIMULATOR}/v1/payment_intents/pi_9/confirm`, { id: 'pi_9', status: 'succeeded' });
  api.on('POST /payments/confirm-payment', { status: 'active', membership: null });
  return api;
}

async function openCheckout() {
  const onSuccess = vi.fn();
  const app = renderInApp(<CheckoutModal plan={MONTHLY} onClose={() => {}} onSuccess={onSuccess} />, {
    signedInAs: { user_id: 5, membership_status: null },
  });
  const email = await screen.findByRole('textbox', { name: 'Email' });
  // The account's e-mail fills the field once it is read.
  await waitFor(() => expect(email).toHaveValue('mia@linksmate.dev'));
  return { ...app, onSuccess, email };
}

const typeCard = async (user: Awaited<ReturnType<typeof openCheckout>>['user']) => {
  await user.type(screen.getByRole('textbox', { name: /Card number/ }), '4242424242424242');
  await user.type(screen.getByRole('textbox', { name: /Expiry/ }), '1230');
  await user.type(screen.getByRole('textbox', { name: /CVC/ }), '123');
};
const subscribe = () => screen.getByRole('button', { name: 'Subscribe Now' });

describe('the membership checkout (docs/product.md#account-screens, #account-validation)', () => {
  it('when the e-mail is cleared, then it asks for one under the field and nothing is charged', async () => {
    const api = paymentsServer();
    const { user, email } = await openCheckout();
    await user.clear(email);
    await typeCard(user);
    await user.click(subscribe());
    expect(await screen.findByText(CHECKOUT_MESSAGES.emailRequired)).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(api.sent('POST /payments/create-subscription')).toEqual([]);
  });

  it('when the card is taken, then the payment is confirmed with the subscription and the checkout reports the plan bought', async () => {
    const api = paymentsServer();
    const { user, email, onSuccess } = await openCheckout();
    await user.clear(email);
    await user.type(email, 'billing@linksmate.dev');
    await typeCard(user);
    await user.click(subscribe());

    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith(MONTHLY));
    expect(api.sent('POST /payments/create-subscription')[0]?.body).toEqual({ plan_id: 'price_monthly' });
    const confirmation = api.sent(`POST ${SIMULATOR}/v1/payment_intents/pi_9/confirm`)[0];
    expect(
      new URLSearchParams(confirmation?.body as string).get('payment_method_data[billing_details][email]'),
    ).toBe('billing@linksmate.dev');
    expect(api.sent('POST /payments/confirm-payment')[0]?.body).toEqual({
      payment_intent_id: 'pi_9',
      subscription_id: 'sub_9',
      event_id: 0,
    });
  });

  it('when the card is declined, then the reason shows above the e-mail and the button can be pressed again', async () => {
    const api = paymentsServer();
    api.on(
      `POST ${SIMULATOR}/v1/payment_intents/pi_9/confirm`,
      reply(402, { error: { message: 'Your card was declined.' } }),
    );
    const { user, onSuccess } = await openCheckout();
    await typeCard(user);
    await user.click(subscribe());
    const dialog = screen.getByRole('dialog');
    expect(await within(dialog).findByText('Your card was declined.')).toBeInTheDocument();
    await waitFor(() => expect(subscribe()).toBeEnabled());
    expect(api.sent('POST /payments/confirm-payment')).toEqual([]);
    expect(onSuccess).not.toHaveBeenCalled();
  });
});
