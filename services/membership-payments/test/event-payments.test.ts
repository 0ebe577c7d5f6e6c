import { SERVICE_TOKEN_HEADER } from '@linksmate/platform';
import { eventually } from '@linksmate/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARDS, type PaymentsUnderTest, SERVICE_TOKEN, startPayments } from './fixtures';

describe('membership-payments: event payments for events-bookings (internal)', () => {
  let payments: PaymentsUnderTest;

  beforeAll(async () => {
    payments = await startPayments();
  });

  afterAll(() => payments?.close());

  const internal = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
    payments.call(method, url, undefined, payload, { [SERVICE_TOKEN_HEADER]: SERVICE_TOKEN });

  let nextHold = 1;
  async function intentFor(userId: number, purpose: 'event_join' | 'event_slots' = 'event_slots') {
    const hold = nextHold++;
    const res = await internal('POST', '/internal/event-payments', {
      user_id: userId,
      purpose,
      amount: 4400,
      gst_amount: 400,
      currency: 'AUD',
      description: 'Saturday Stableford: 2 slots (incl. GST)',
      metadata: { event_id: 12, hold_id: hold, seats: 2 },
      idempotency_key: `event-hold-${userId}-${hold}`,
    });
    expect(res.statusCode).toBe(200);
    return { ...(res.json() as { payment_intent_id: string; client_secret: string }), hold };
  }

  const ledgerRow = async (paymentIntentId: string) =>
    (
      await payments.pool.query(
        'select purpose, status, amount, gst_amount, metadata from payments where provider_payment_intent_id = $1',
        [paymentIntentId],
      )
    ).rows;

  it('when a call comes without the service token, then 401 and no intent is made', async () => {
    const member = await payments.member();
    const res = await payments.call('POST', '/internal/event-payments', member.token, {
      user_id: member.id,
      purpose: 'event_join',
      amount: 1100,
      gst_amount: 100,
      currency: 'AUD',
      description: 'x',
      metadata: {},
      idempotency_key: 'hold-nope-1',
    });
    expect(res.statusCode).toBe(401);
  });

  it('when events-bookings asks for an intent, then the intent carries the purpose and metadata and the ledger has it pending', async () => {
    const member = await payments.member();
    const created = await intentFor(member.id);
    expect(created.client_secret).toMatch(/_secret_/);
    const [intent] = payments.stripe.findObjects('payment_intent', (o) => o.id === created.payment_intent_id);
    expect(intent).toMatchObject({
      amount: 4400,
      currency: 'aud',
      metadata: {
        user_id: String(member.id),
        purpose: 'event_slots',
        gst_amount: '400',
        event_id: '12',
        hold_id: String(created.hold),
        seats: '2',
      },
    });
    expect(await ledgerRow(created.payment_intent_id)).toEqual([
      expect.objectContaining({ purpose: 'event_slots', status: 'pending', amount: 4400, gst_amount: 400 }),
    ]);
  });

  it('when the same hold asks again, then the same intent comes back and the ledger keeps one row', async () => {
    const member = await payments.member();
    const body = {
      user_id: member.id,
      purpose: 'event_join',
      amount: 1100,
      gst_amount: 100,
      currency: 'AUD',
      description: 'Open day',
      metadata: { event_id: 3, hold_id: 900 },
      idempotency_key: `hold-900-${member.id}`,
    };
    const first = (await internal('POST', '/internal/event-payments', body)).json();
    const again = (await internal('POST', '/internal/event-payments', body)).json();
    expect(again.payment_intent_id).toBe(first.payment_intent_id);
    expect(await ledgerRow(first.payment_intent_id)).toHaveLength(1);
  });

  it('when the card is paid and the status is read twice and the webhook comes too, then payments.payment.succeeded is published once with purpose and metadata', async () => {
    const member = await payments.member();
    const created = await intentFor(member.id);
    expect((await payments.confirmCard(created.client_secret, CARDS.success)).ok).toBe(true);
    const read = await internal('GET', `/internal/event-payments/${created.payment_intent_id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ status: 'succeeded', user_id: member.id, amount: 4400 });
    await internal('GET', `/internal/event-payments/${created.payment_intent_id}`);
    await payments.webhooksSettled();
    const succeeded = (await payments.published('payments.payment.succeeded', member.id)).filter(
      (e) => (e.data as { payment_id: string }).payment_id === created.payment_intent_id,
    );
    expect(succeeded).toHaveLength(1);
    expect(succeeded[0]!.data).toMatchObject({
      purpose: 'event_slots',
      amount: 4400,
      gst_amount: 400,
      metadata: { event_id: '12', hold_id: String(created.hold) },
    });
  });

  it('when only the webhook says the card was paid, then the ledger publishes the success from it', async () => {
    const member = await payments.member();
    const created = await intentFor(member.id, 'event_join');
    expect((await payments.confirmCard(created.client_secret, CARDS.success)).ok).toBe(true);
    await eventually(async () => {
      const rows = await ledgerRow(created.payment_intent_id);
      expect(rows[0]?.status).toBe('succeeded');
    });
    const succeeded = (await payments.published('payments.payment.succeeded', member.id)).filter(
      (e) => (e.data as { payment_id: string }).payment_id === created.payment_intent_id,
    );
    expect(succeeded).toHaveLength(1);
    expect(succeeded[0]!.data).toMatchObject({ purpose: 'event_join' });
  });

  it('when a card is declined, then the ledger records the failure, nothing is published as paid and the status says the intent needs a card', async () => {
    const member = await payments.member();
    const created = await intentFor(member.id);
    expect((await payments.confirmCard(created.client_secret, CARDS.declined)).ok).toBe(false);
    const read = await internal('GET', `/internal/event-payments/${created.payment_intent_id}`);
    expect(read.json().status).toBe('requires_payment_method');
    await payments.webhooksSettled();
    expect(await ledgerRow(created.payment_intent_id)).toEqual([
      expect.objectContaining({ status: 'failed' }),
    ]);
    expect(await payments.published('payments.payment.succeeded', member.id)).toEqual([]);
  });

  it('when the webhooks come late and out of order after the decline was read, then the failure is recorded once and never published as paid', async () => {
    const member = await payments.member();
    // Stripe does not promise order: hold the webhooks back and deliver them by hand after the read.
    await payments.withWebhooksHeld(async () => {
      const created = await intentFor(member.id);
      expect((await payments.confirmCard(created.client_secret, CARDS.declined)).ok).toBe(false);
      await internal('GET', `/internal/event-payments/${created.payment_intent_id}`);
      const held = payments.stripe
        .eventsOfType()
        .filter((e) => (e.data as { object: { id: string } }).object.id === created.payment_intent_id);
      expect(held.map((e) => e.type)).toEqual(['payment_intent.created', 'payment_intent.payment_failed']);
      for (const event of held) {
        await payments.deliverWebhook(event);
        expect(await ledgerRow(created.payment_intent_id)).toEqual([
          expect.objectContaining({ status: 'failed' }),
        ]);
      }
      expect(await payments.published('payments.payment.succeeded', member.id)).toEqual([]);
    });
  });

  it('when a paid event payment is refunded twice, then one refund is made and charge.refunded is recorded as a transaction', async () => {
    const member = await payments.member();
    const created = await intentFor(member.id);
    await payments.confirmCard(created.client_secret, CARDS.success);
    const refund = await internal('POST', `/internal/event-payments/${created.payment_intent_id}/refund`, {
      reason: 'seat no longer available',
    });
    expect(refund.statusCode).toBe(200);
    expect(refund.json()).toMatchObject({ status: 'succeeded', amount: 4400 });
    expect(refund.json().refund_id).toMatch(/^re_/);
    const again = await internal('POST', `/internal/event-payments/${created.payment_intent_id}/refund`, {
      reason: 'seat no longer available',
    });
    expect(again.json().refund_id).toBe(refund.json().refund_id);
    expect(
      payments.stripe.findObjects('refund', (r) => r.payment_intent === created.payment_intent_id),
    ).toHaveLength(1);
    await payments.webhooksSettled();
    const transactions = await payments.transactionsFor(member.id);
    expect(transactions).toContainEqual({ type: 'charge.refunded', status: 'processed', amount: 4400 });
  });

  it('when a paid event payment is refunded, then refund.created is recorded as the payer\'s "Refund to card" of the amount, not as its raw type', async () => {
    const member = await payments.member();
    const created = await intentFor(member.id);
    await payments.confirmCard(created.client_secret, CARDS.success);
    const refund = await internal('POST', `/internal/event-payments/${created.payment_intent_id}/refund`, {
      reason: 'cancelled by the member',
    });
    expect(refund.statusCode).toBe(200);
    await payments.webhooksSettled();
    const { rows } = await payments.pool.query(
      `select type, amount, user_id, user_email, description, payment_intent_id from transactions
        where payment_intent_id = $1 and type = 'refund.created'`,
      [created.payment_intent_id],
    );
    expect(rows).toEqual([
      {
        type: 'refund.created',
        amount: 4400,
        user_id: member.id,
        user_email: member.email,
        description: 'Refund to card',
        payment_intent_id: created.payment_intent_id,
      },
    ]);
  });

  it('when an unpaid intent is refunded, then 409 and nothing is refunded', async () => {
    const member = await payments.member();
    const created = await intentFor(member.id);
    const res = await internal('POST', `/internal/event-payments/${created.payment_intent_id}/refund`, {
      reason: 'x',
    });
    expect(res.statusCode).toBe(409);
  });

  it('when an unpaid intent is cancelled, then it is canceled at the provider and in the ledger; a paid one stays succeeded', async () => {
    const member = await payments.member();
    const unpaid = await intentFor(member.id);
    const cancelled = await internal('POST', `/internal/event-payments/${unpaid.payment_intent_id}/cancel`);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().status).toBe('canceled');
    expect((await ledgerRow(unpaid.payment_intent_id))[0]?.status).toBe('canceled');

    const paid = await intentFor(member.id);
    await payments.confirmCard(paid.client_secret, CARDS.success);
    const refused = await internal('POST', `/internal/event-payments/${paid.payment_intent_id}/cancel`);
    expect(refused.statusCode).toBe(200);
    expect(refused.json().status).toBe('succeeded');
  });

  it('when an unknown intent or a membership payment is read, then 404', async () => {
    expect((await internal('GET', '/internal/event-payments/pi_nothing')).statusCode).toBe(404);
  });
});
