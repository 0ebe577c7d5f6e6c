import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cardOutcome } from './cards';
import { parseForm } from './form';

/**
 * A local server speaking the subset of Stripe's HTTP API that LinksMate uses, for development and
 * tests only. It keeps everything in memory, understands Stripe's test cards, honours
 * Idempotency-Key, and delivers signed webhooks with retries. Every answer says it is a simulator.
 */

type Json = Record<string, unknown>;
type StripeObject = Json & { id: string; object: string };

export interface StripeSimulatorOptions {
  /** Where events are POSTed (the platform's webhook endpoint). */
  webhookUrl?: string;
  webhookSecret: string;
  publishableKey: string;
  /** Delays between webhook delivery attempts; the list's length bounds the attempts. */
  webhookRetryDelaysMs?: number[];
  log?: (line: string) => void;
}

export interface WebhookDelivery {
  eventId: string;
  type: string;
  attempt: number;
  status: number | 'error';
  at: string;
}

const API_VERSION = '2026-10-28.endive';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** As Stripe: quickly at first, then backing off, for about three days in all. */
const WEBHOOK_RETRY_DELAYS_MS = [
  1_000,
  5_000,
  15_000,
  MINUTE,
  5 * MINUTE,
  15 * MINUTE,
  HOUR,
  2 * HOUR,
  4 * HOUR,
  8 * HOUR,
  16 * HOUR,
  24 * HOUR,
  24 * HOUR,
];
const SIMULATOR_NOTICE = 'Stripe simulator for development and tests: no real payment is ever made.';
const DAY = 86_400;

class ApiFailure extends Error {
  constructor(
    readonly status: number,
    readonly body: Json,
  ) {
    super(String((body.error as Json)?.message ?? 'error'));
  }
}

const invalid = (message: string, param?: string) =>
  new ApiFailure(400, { error: { type: 'invalid_request_error', message, ...(param ? { param } : {}) } });
const missing = (kind: string, id: string) =>
  new ApiFailure(404, {
    error: {
      type: 'invalid_request_error',
      code: 'resource_missing',
      message: `No such ${kind}: '${id}'`,
      param: 'id',
    },
  });

const now = () => Math.floor(Date.now() / 1000);
const newId = (prefix: string) =>
  `${prefix}_sim${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;

function addInterval(start: number, interval: string, count = 1): number {
  const date = new Date(start * 1000);
  if (interval === 'year') date.setUTCFullYear(date.getUTCFullYear() + count);
  else if (interval === 'month') date.setUTCMonth(date.getUTCMonth() + count);
  else if (interval === 'week') date.setUTCDate(date.getUTCDate() + 7 * count);
  else date.setUTCDate(date.getUTCDate() + count);
  return Math.floor(date.getTime() / 1000);
}

const asString = (value: unknown) => (value === undefined || value === null ? undefined : String(value));
const asInt = (value: unknown) =>
  value === undefined || value === '' ? undefined : Number.parseInt(String(value), 10);
const asBool = (value: unknown) => value === true || value === 'true';

export class StripeSimulator {
  private server?: Server;
  private readonly objects = new Map<string, StripeObject>();
  private readonly events: StripeObject[] = [];
  private readonly idempotent = new Map<string, { request: string; status: number; body: Json }>();
  readonly deliveries: WebhookDelivery[] = [];
  private readonly timers = new Set<NodeJS.Timeout>();
  /** Card numbers stay out of every answer, as with Stripe; kept here to know each card's outcome. */
  private readonly cardNumbers = new Map<string, string>();
  /** Test hook: delay the next N server answers (the work is still done), as a slow network would. */
  private slowAnswers: { count: number; delayMs: number } = { count: 0, delayMs: 0 };
  url = '';

  constructor(private readonly options: StripeSimulatorOptions) {}

  async start(port = 0, host = '127.0.0.1'): Promise<string> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(port, host, resolve));
    this.url = `http://${host}:${(this.server.address() as AddressInfo).port}`;
    return this.url;
  }

  async close(): Promise<void> {
    for (const timer of this.timers) clearTimeout(timer);
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  setWebhookUrl(url: string): void {
    this.options.webhookUrl = url;
  }

  // ── HTTP ───────────────────────────────────────────────────────────────────────────────────────

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', 'http://simulator');
    const type = String(req.headers['content-type'] ?? '');
    let params: Json = {};
    try {
      params = type.includes('application/json') && raw ? (JSON.parse(raw) as Json) : parseForm(raw);
      for (const [key, value] of Object.entries(parseForm(url.search.slice(1)))) params[key] ??= value;
    } catch {
      return this.send(res, 400, {
        error: { type: 'invalid_request_error', message: 'Malformed request body' },
      });
    }
    const method = req.method ?? 'GET';
    res.setHeader('stripe-simulator', SIMULATOR_NOTICE);
    res.setHeader('access-control-allow-origin', '*');
    res.setHeader('access-control-allow-headers', 'authorization, content-type, idempotency-key');
    if (method === 'OPTIONS') return this.send(res, 204, null);

    try {
      if (url.pathname.startsWith('/_sim/'))
        return this.send(res, 200, await this.control(method, url.pathname, params));
      const key = this.apiKey(req, params);
      const idempotencyKey = asString(req.headers['idempotency-key']);
      const cacheKey = idempotencyKey && method === 'POST' ? `${key.value}:${idempotencyKey}` : undefined;
      const cached = cacheKey ? this.idempotent.get(cacheKey) : undefined;
      // As Stripe: a key answers again only the very request it was first used with.
      const request = `${url.pathname} ${JSON.stringify(params)}`;
      if (cached && cached.request !== request) {
        return this.send(res, 400, {
          error: {
            type: 'idempotency_error',
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
          },
        });
      }
      if (cached) {
        res.setHeader('idempotent-replayed', 'true');
        return this.send(res, cached.status, cached.body);
      }
      let status = 200;
      let body: Json;
      try {
        body = this.route(method, url.pathname, params, key);
      } catch (err) {
        if (!(err instanceof ApiFailure)) throw err;
        status = err.status;
        body = err.body;
      }
      if (cacheKey && status !== 401) this.idempotent.set(cacheKey, { request, status, body });
      if (this.slowAnswers.count > 0) {
        this.slowAnswers.count--;
        await new Promise((r) => setTimeout(r, this.slowAnswers.delayMs));
      }
      return this.send(res, status, body);
    } catch (err) {
      if (err instanceof ApiFailure) return this.send(res, err.status, err.body);
      this.options.log?.(`stripe simulator: ${(err as Error).stack}`);
      return this.send(res, 500, { error: { type: 'api_error', message: (err as Error).message } });
    }
  }

  private send(res: ServerResponse, status: number, body: unknown): void {
    if (res.destroyed) return;
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': newId('req') });
    res.end(body === null ? '' : JSON.stringify(body));
  }

  /** Server calls carry a secret key; the browser confirms with the publishable key and a client secret. */
  private apiKey(req: IncomingMessage, params: Json): { value: string; publishable: boolean } {
    const header = String(req.headers.authorization ?? '');
    const bearer = /^Bearer\s+(\S+)$/i.exec(header)?.[1] ?? asString(params.key);
    if (!bearer) {
      throw new ApiFailure(401, {
        error: { type: 'invalid_request_error', message: 'You did not provide an API key.' },
      });
    }
    if (bearer === this.options.publishableKey) return { value: bearer, publishable: true };
    if (!bearer.startsWith('sk_')) {
      throw new ApiFailure(401, {
        error: { type: 'invalid_request_error', message: `Invalid API Key provided: ${bearer}` },
      });
    }
    return { value: bearer, publishable: false };
  }

  private route(method: string, path: string, p: Json, key: { publishable: boolean }): Json {
    const parts = path.split('/').filter(Boolean);
    const [version, resource, id, action] = parts;
    if (version !== 'v1') throw missing('route', path);
    // With a publishable key only the browser's confirmations are allowed, as with Stripe.
    if (
      key.publishable &&
      !(method === 'POST' && action === 'confirm') &&
      !(method === 'GET' && id && p.client_secret)
    ) {
      throw new ApiFailure(401, {
        error: {
          type: 'invalid_request_error',
          message: 'This API call cannot be made with a publishable API key.',
        },
      });
    }
    const expand = (obj: StripeObject) => this.expand(obj, (p.expand as string[] | undefined) ?? []);

    switch (`${method} ${resource}${id ? '/:id' : ''}${action ? `/${action}` : ''}`) {
      case 'POST customers':
        return this.store({
          id: newId('cus'),
          object: 'customer',
          email: asString(p.email) ?? null,
          name: asString(p.name) ?? null,
          metadata: (p.metadata as Json) ?? {},
          invoice_settings: { default_payment_method: null },
          created: now(),
          livemode: false,
        });
      case 'GET customers/:id':
        return expand(this.get('customer', id!));
      case 'POST customers/:id':
        return this.update(this.get('customer', id!), p);
      case 'POST products':
        return this.store({
          id: asString(p.id) ?? newId('prod'),
          object: 'product',
          name: asString(p.name) ?? 'Product',
          active: true,
          metadata: (p.metadata as Json) ?? {},
          created: now(),
          livemode: false,
        });
      case 'GET prices': {
        const lookupKeys = (p.lookup_keys as string[] | undefined) ?? [];
        const data = [...this.objects.values()].filter(
          (o) => o.object === 'price' && (!lookupKeys.length || lookupKeys.includes(String(o.lookup_key))),
        );
        return { object: 'list', data: data.map(expand), has_more: false, url: '/v1/prices' };
      }
      case 'POST prices':
        return this.createPrice(p);
      case 'GET prices/:id':
        return expand(this.get('price', id!));
      case 'POST subscriptions':
        return expand(this.createSubscription(p));
      case 'GET subscriptions/:id':
        return expand(this.get('subscription', id!));
      case 'POST subscriptions/:id':
        return expand(this.updateSubscription(this.get('subscription', id!), p));
      case 'DELETE subscriptions/:id':
        return expand(this.endSubscription(this.get('subscription', id!)));
      case 'POST payment_intents':
        return expand(this.createPaymentIntent(p));
      case 'GET payment_intents/:id':
        return expand(this.clientReadable(this.get('payment_intent', id!), p, key));
      case 'POST payment_intents/:id/confirm':
        return expand(
          this.confirmPaymentIntent(this.clientReadable(this.get('payment_intent', id!), p, key), p),
        );
      case 'GET setup_intents/:id':
        return expand(this.clientReadable(this.get('setup_intent', id!), p, key));
      case 'POST setup_intents/:id/confirm':
        return expand(this.confirmSetupIntent(this.clientReadable(this.get('setup_intent', id!), p, key), p));
      case 'GET invoices/:id':
        return expand(this.get('invoice', id!));
      case 'GET events/:id':
        return (
          this.events.find((e) => e.id === id) ??
          (() => {
            throw missing('event', id!);
          })()
        );
      default:
        throw invalid(
          `Unrecognized request URL (${method}: ${path}). The simulator implements only what LinksMate uses.`,
        );
    }
  }

  // ── Objects ────────────────────────────────────────────────────────────────────────────────────

  private store(object: StripeObject): StripeObject {
    this.objects.set(object.id, object);
    return object;
  }

  private get(kind: string, id: string): StripeObject {
    const object = this.objects.get(id);
    if (!object || object.object !== kind) throw missing(kind, id);
    return object;
  }

  private update(object: StripeObject, p: Json): StripeObject {
    for (const [key, value] of Object.entries(p)) {
      if (key === 'expand') continue;
      if (key === 'metadata') object.metadata = { ...(object.metadata as Json), ...(value as Json) };
      else object[key] = value;
    }
    return object;
  }

  /** A browser may only touch an intent whose client secret it holds. */
  private clientReadable(intent: StripeObject, p: Json, key: { publishable: boolean }): StripeObject {
    if (key.publishable && p.client_secret !== intent.client_secret) {
      throw invalid(
        'The client_secret provided does not match the client_secret associated with this intent.',
        'client_secret',
      );
    }
    return intent;
  }

  private expand(object: StripeObject, paths: string[]): StripeObject {
    const copy: Json = structuredClone(object);
    for (const path of paths) {
      const [head, ...rest] = path.split('.');
      const value = copy[head!];
      if (typeof value === 'string' && this.objects.has(value)) {
        copy[head!] = this.expand(this.objects.get(value)!, rest.length ? [rest.join('.')] : []);
      } else if (value && typeof value === 'object' && rest.length) {
        copy[head!] = this.expand(value as StripeObject, [rest.join('.')]);
      }
    }
    return copy as StripeObject;
  }

  private createPrice(p: Json): StripeObject {
    const recurring = p.recurring as Json | undefined;
    if (!asInt(p.unit_amount) && asInt(p.unit_amount) !== 0)
      throw invalid('Missing required param: unit_amount.', 'unit_amount');
    const lookupKey = asString(p.lookup_key);
    if (lookupKey) {
      for (const existing of this.objects.values()) {
        if (existing.object === 'price' && existing.lookup_key === lookupKey) existing.lookup_key = null;
      }
    }
    return this.store({
      id: newId('price'),
      object: 'price',
      active: true,
      currency: String(p.currency ?? 'aud').toLowerCase(),
      unit_amount: asInt(p.unit_amount)!,
      product: asString(p.product) ?? null,
      nickname: asString(p.nickname) ?? null,
      lookup_key: lookupKey ?? null,
      recurring: recurring
        ? { interval: String(recurring.interval), interval_count: asInt(recurring.interval_count) ?? 1 }
        : null,
      type: recurring ? 'recurring' : 'one_time',
      metadata: (p.metadata as Json) ?? {},
      created: now(),
      livemode: false,
    });
  }

  private newPaymentMethod(p: Json, customer: string | null): StripeObject {
    const data = (p.payment_method_data as Json | undefined) ?? {};
    const card = (data.card as Json | undefined) ?? {};
    const number = asString(card.number) ?? '';
    const outcome = cardOutcome(number);
    if (!outcome) {
      throw new ApiFailure(402, {
        error: {
          type: 'card_error',
          code: 'incorrect_number',
          message: 'Your card number is incorrect.',
          param: 'number',
        },
      });
    }
    const expMonth = asInt(card.exp_month) ?? 12;
    const expYear = asInt(card.exp_year) ?? new Date().getUTCFullYear() + 2;
    const expiry = new Date(Date.UTC(expYear < 100 ? 2000 + expYear : expYear, expMonth, 1));
    if (expiry.getTime() <= Date.now()) {
      throw new ApiFailure(402, {
        error: {
          type: 'card_error',
          code: 'expired_card',
          message: 'Your card has expired.',
          param: 'exp_year',
        },
      });
    }
    const id = newId('pm');
    this.cardNumbers.set(id, number.replace(/\D/g, ''));
    return this.store({
      id,
      object: 'payment_method',
      type: 'card',
      card: {
        brand: outcome.brand,
        last4: number.replace(/\D/g, '').slice(-4),
        exp_month: expMonth,
        exp_year: expYear,
      },
      billing_details: { email: asString((data.billing_details as Json | undefined)?.email) ?? null },
      customer,
      created: now(),
      livemode: false,
    });
  }

  private outcomeOf(paymentMethodId: string): NonNullable<ReturnType<typeof cardOutcome>> {
    return (
      cardOutcome(this.cardNumbers.get(paymentMethodId) ?? '') ?? {
        ok: false,
        brand: 'unknown',
        message: 'Your card was declined.',
      }
    );
  }

  private cardError(
    intent: StripeObject,
    kind: 'payment_intent' | 'setup_intent',
    outcome: NonNullable<ReturnType<typeof cardOutcome>>,
  ) {
    const error = {
      type: 'card_error',
      code: outcome.code,
      decline_code: outcome.declineCode,
      message: outcome.message,
      doc_url: 'https://docs.stripe.com/error-codes/card-declined',
    };
    intent[kind === 'payment_intent' ? 'last_payment_error' : 'last_setup_error'] = error;
    intent.status = 'requires_payment_method';
    return new ApiFailure(402, { error: { ...error, [kind]: structuredClone(intent) } });
  }

  private createPaymentIntent(p: Json, extra: Json = {}): StripeObject {
    const amount = asInt(p.amount);
    if (!amount || amount < 50) throw invalid('Amount must be at least 50 cents.', 'amount');
    const id = newId('pi');
    const intent = this.store({
      id,
      object: 'payment_intent',
      amount,
      amount_received: 0,
      currency: String(p.currency ?? 'aud').toLowerCase(),
      customer: asString(p.customer) ?? null,
      description: asString(p.description) ?? null,
      metadata: (p.metadata as Json) ?? {},
      status: 'requires_payment_method',
      client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
      payment_method: null,
      last_payment_error: null,
      receipt_email: asString(p.receipt_email) ?? null,
      created: now(),
      livemode: false,
      ...extra,
    });
    this.emit('payment_intent.created', intent);
    return intent;
  }

  private confirmPaymentIntent(intent: StripeObject, p: Json): StripeObject {
    if (intent.status === 'succeeded') return intent;
    if (intent.status === 'canceled') throw invalid('This PaymentIntent has been canceled.');
    const method = p.payment_method_data
      ? this.newPaymentMethod(p, asString(intent.customer) ?? null)
      : p.payment_method
        ? this.get('payment_method', String(p.payment_method))
        : null;
    if (!method)
      throw invalid('You must provide a payment method to confirm this PaymentIntent.', 'payment_method');
    intent.payment_method = method.id;
    const outcome = this.outcomeOf(method.id);
    if (!outcome.ok) {
      const failure = this.cardError(intent, 'payment_intent', outcome);
      this.emit('payment_intent.payment_failed', intent);
      if (intent.invoice) this.invoiceFailed(this.get('invoice', String(intent.invoice)));
      throw failure;
    }
    intent.status = 'succeeded';
    intent.amount_received = intent.amount;
    intent.last_payment_error = null;
    this.emit('charge.succeeded', {
      id: newId('ch'),
      object: 'charge',
      amount: intent.amount,
      currency: intent.currency,
      payment_intent: intent.id,
      customer: intent.customer,
      metadata: intent.metadata,
      paid: true,
      status: 'succeeded',
      created: now(),
      livemode: false,
    });
    this.emit('payment_intent.succeeded', intent);
    if (intent.invoice) this.invoicePaid(this.get('invoice', String(intent.invoice)), method.id);
    return intent;
  }

  private confirmSetupIntent(intent: StripeObject, p: Json): StripeObject {
    if (intent.status === 'succeeded') return intent;
    const method = this.newPaymentMethod(p, asString(intent.customer) ?? null);
    intent.payment_method = method.id;
    const outcome = this.outcomeOf(method.id);
    if (!outcome.ok) {
      const failure = this.cardError(intent, 'setup_intent', outcome);
      this.emit('setup_intent.setup_failed', intent);
      throw failure;
    }
    intent.status = 'succeeded';
    intent.last_setup_error = null;
    this.emit('setup_intent.succeeded', intent);
    const subscriptionId = asString((intent.metadata as Json).subscription);
    if (subscriptionId) {
      const subscription = this.get('subscription', subscriptionId);
      subscription.default_payment_method = method.id;
      subscription.pending_setup_intent = null;
      this.emit('customer.subscription.updated', subscription);
    }
    return intent;
  }

  // ── Subscriptions ──────────────────────────────────────────────────────────────────────────────

  private createSubscription(p: Json): StripeObject {
    const customer = this.get('customer', String(p.customer ?? ''));
    const item = ((p.items as Json[] | undefined) ?? [])[0];
    if (!item?.price) throw invalid('Missing required param: items[0][price].', 'items');
    const price = this.get('price', String(item.price));
    if (!price.recurring) throw invalid('The price specified is not recurring.', 'items[0][price]');
    const { interval, interval_count } = price.recurring as { interval: string; interval_count: number };
    const start = now();
    const trialDays = asInt(p.trial_period_days) ?? 0;
    const trialEnd = trialDays > 0 ? start + trialDays * DAY : null;
    const periodEnd = trialEnd ?? addInterval(start, interval, interval_count);
    const id = newId('sub');
    const subscription = this.store({
      id,
      object: 'subscription',
      customer: customer.id,
      status: trialEnd ? 'trialing' : 'incomplete',
      items: {
        object: 'list',
        data: [
          {
            id: newId('si'),
            object: 'subscription_item',
            price: structuredClone(price),
            quantity: 1,
            current_period_start: start,
            current_period_end: periodEnd,
          },
        ],
      },
      trial_start: trialEnd ? start : null,
      trial_end: trialEnd,
      start_date: start,
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
      ended_at: null,
      default_payment_method: null,
      pending_setup_intent: null,
      latest_invoice: null,
      metadata: (p.metadata as Json) ?? {},
      currency: price.currency,
      created: start,
      livemode: false,
    });
    if (trialEnd) {
      const setupId = newId('seti');
      this.store({
        id: setupId,
        object: 'setup_intent',
        status: 'requires_payment_method',
        client_secret: `${setupId}_secret_${randomBytes(12).toString('hex')}`,
        customer: customer.id,
        payment_method: null,
        usage: 'off_session',
        metadata: { subscription: id },
        last_setup_error: null,
        created: start,
        livemode: false,
      });
      subscription.pending_setup_intent = setupId;
      // Free until the trial ends: the first invoice is for nothing.
      subscription.latest_invoice = this.createInvoice(
        subscription,
        0,
        'subscription_create',
        start,
        periodEnd,
        true,
      ).id;
    } else {
      const invoice = this.createInvoice(
        subscription,
        Number(price.unit_amount),
        'subscription_create',
        start,
        periodEnd,
        false,
      );
      subscription.latest_invoice = invoice.id;
    }
    this.emit('customer.subscription.created', subscription);
    return subscription;
  }

  private createInvoice(
    subscription: StripeObject,
    amount: number,
    reason: string,
    periodStart: number,
    periodEnd: number,
    paid: boolean,
  ): StripeObject {
    const id = newId('in');
    const invoice = this.store({
      id,
      object: 'invoice',
      customer: subscription.customer,
      status: paid ? 'paid' : 'open',
      amount_due: amount,
      amount_paid: paid ? amount : 0,
      currency: subscription.currency,
      billing_reason: reason,
      period_start: periodStart,
      period_end: periodEnd,
      parent: {
        type: 'subscription_details',
        subscription_details: { subscription: subscription.id, metadata: subscription.metadata },
      },
      confirmation_secret: null,
      created: now(),
      livemode: false,
    });
    if (!paid && amount > 0) {
      const intent = this.createPaymentIntent(
        {
          amount,
          currency: subscription.currency,
          customer: subscription.customer,
          metadata: subscription.metadata,
        },
        { invoice: id },
      );
      invoice.confirmation_secret = { client_secret: intent.client_secret, type: 'payment_intent' };
      invoice.payments = {
        object: 'list',
        data: [{ object: 'invoice_payment', payment: { type: 'payment_intent', payment_intent: intent.id } }],
      };
    }
    this.emit('invoice.created', invoice);
    if (paid) {
      this.emit('invoice.paid', invoice);
      this.emit('invoice.payment_succeeded', invoice);
    }
    return invoice;
  }

  private subscriptionOf(invoice: StripeObject): StripeObject {
    const details = (invoice.parent as Json).subscription_details as Json;
    return this.get('subscription', String(details.subscription));
  }

  private invoicePaid(invoice: StripeObject, paymentMethod: string): void {
    invoice.status = 'paid';
    invoice.amount_paid = invoice.amount_due;
    const subscription = this.subscriptionOf(invoice);
    subscription.status = 'active';
    subscription.default_payment_method ??= paymentMethod;
    this.emit('invoice.paid', invoice);
    this.emit('invoice.payment_succeeded', invoice);
    this.emit('customer.subscription.updated', subscription);
  }

  private invoiceFailed(invoice: StripeObject): void {
    const subscription = this.subscriptionOf(invoice);
    this.emit('invoice.payment_failed', invoice);
    if (invoice.billing_reason === 'subscription_cycle') {
      subscription.status = 'past_due';
      this.emit('customer.subscription.updated', subscription);
    }
  }

  private updateSubscription(subscription: StripeObject, p: Json): StripeObject {
    if (p.cancel_at_period_end !== undefined) {
      if (subscription.status === 'canceled')
        throw invalid('A canceled subscription can only update its metadata.');
      subscription.cancel_at_period_end = asBool(p.cancel_at_period_end);
      const item = (subscription.items as { data: Json[] }).data[0]!;
      subscription.cancel_at = subscription.cancel_at_period_end ? item.current_period_end : null;
      subscription.canceled_at = subscription.cancel_at_period_end ? now() : null;
    }
    if (p.metadata) subscription.metadata = { ...(subscription.metadata as Json), ...(p.metadata as Json) };
    this.emit('customer.subscription.updated', subscription);
    return subscription;
  }

  private endSubscription(subscription: StripeObject): StripeObject {
    subscription.status = 'canceled';
    subscription.ended_at = now();
    subscription.canceled_at ??= now();
    this.emit('customer.subscription.deleted', subscription);
    return subscription;
  }

  /**
   * Moves a subscription to the end of its trial or period, as time passing would: it ends if it
   * was set to cancel, otherwise the saved card is charged for the next period.
   */
  advanceSubscription(id: string, options: { fail?: boolean } = {}): StripeObject {
    const subscription = this.get('subscription', id);
    if (subscription.status === 'canceled') throw invalid('This subscription has ended.');
    const item = (subscription.items as { data: Json[] }).data[0]!;
    const periodEnd = Number(item.current_period_end);
    if (subscription.cancel_at_period_end) return this.endSubscription(subscription);
    const price = item.price as Json;
    const { interval, interval_count } = price.recurring as { interval: string; interval_count: number };
    const nextEnd = addInterval(periodEnd, interval, interval_count);
    const method = subscription.default_payment_method
      ? this.get('payment_method', String(subscription.default_payment_method))
      : null;
    const outcome = method ? this.outcomeOf(method.id) : null;
    const succeeds = !!outcome?.ok && !options.fail;
    item.current_period_start = periodEnd;
    item.current_period_end = nextEnd;
    if (subscription.status === 'trialing') subscription.trial_end = periodEnd;
    const invoice = this.createInvoice(
      subscription,
      Number(price.unit_amount),
      'subscription_cycle',
      periodEnd,
      nextEnd,
      false,
    );
    subscription.latest_invoice = invoice.id;
    const intentId = (invoice.payments as { data: Array<{ payment: Json }> }).data[0]!.payment
      .payment_intent as string;
    const intent = this.get('payment_intent', intentId);
    intent.payment_method = method?.id ?? null;
    if (succeeds) {
      intent.status = 'succeeded';
      intent.amount_received = intent.amount;
      this.emit('payment_intent.succeeded', intent);
      this.invoicePaid(invoice, method!.id);
    } else {
      intent.status = 'requires_payment_method';
      intent.last_payment_error = {
        type: 'card_error',
        code: 'card_declined',
        message: outcome?.message ?? 'Your card was declined.',
      };
      this.emit('payment_intent.payment_failed', intent);
      this.invoiceFailed(invoice);
    }
    return subscription;
  }

  // ── Events and webhooks ────────────────────────────────────────────────────────────────────────

  private emit(type: string, object: Json): StripeObject {
    const event: StripeObject = {
      id: newId('evt'),
      object: 'event',
      api_version: API_VERSION,
      type,
      created: now(),
      livemode: false,
      pending_webhooks: this.options.webhookUrl ? 1 : 0,
      request: { id: null, idempotency_key: null },
      data: { object: structuredClone(object) },
    };
    this.events.push(event);
    this.deliver(event, 1);
    return event;
  }

  /** Signed as Stripe signs: HMAC-SHA256 over "timestamp.payload" with the endpoint secret. */
  signature(payload: string, timestamp = now()): string {
    const digest = createHmac('sha256', this.options.webhookSecret)
      .update(`${timestamp}.${payload}`)
      .digest('hex');
    return `t=${timestamp},v1=${digest}`;
  }

  private deliver(event: StripeObject, attempt: number): void {
    const url = this.options.webhookUrl;
    if (!url) return;
    const delays = this.options.webhookRetryDelaysMs ?? WEBHOOK_RETRY_DELAYS_MS;
    const send = async () => {
      const payload = JSON.stringify(event, null, 2);
      let status: number | 'error' = 'error';
      try {
        const response = await fetch(url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'stripe-signature': this.signature(payload),
            'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks) simulator',
          },
          body: payload,
          signal: AbortSignal.timeout(10_000),
        });
        status = response.status;
        await response.body?.cancel();
      } catch {}
      this.deliveries.push({
        eventId: event.id,
        type: String(event.type),
        attempt,
        status,
        at: new Date().toISOString(),
      });
      const ok = typeof status === 'number' && status >= 200 && status < 300;
      if (!ok && attempt <= delays.length) {
        const timer = setTimeout(
          () => {
            this.timers.delete(timer);
            this.deliver(event, attempt + 1);
          },
          delays[attempt - 1],
        );
        this.timers.add(timer);
      }
    };
    // Each event goes out after the answer that caused it, as Stripe's do.
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      void send();
    }, 0);
    this.timers.add(timer);
  }

  /** Sends an event again, as Stripe does when it is not sure the first delivery arrived. */
  redeliver(eventId: string): void {
    const event = this.events.find((e) => e.id === eventId);
    if (!event) throw missing('event', eventId);
    this.deliver(event, 1);
  }

  eventsOfType(type?: string): StripeObject[] {
    return this.events.filter((e) => !type || e.type === type);
  }

  findObjects(kind: string, match: (o: StripeObject) => boolean = () => true): StripeObject[] {
    return [...this.objects.values()].filter((o) => o.object === kind && match(o));
  }

  /** The next answers are held back this long (the work is done at once): a slow network for tests. */
  slowDownNextAnswers(count: number, delayMs: number): void {
    this.slowAnswers = { count, delayMs };
  }

  /** Development controls, under /_sim/, for moving time and replaying webhooks by hand. */
  private async control(method: string, path: string, p: Json): Promise<Json> {
    const parts = path.split('/').filter(Boolean);
    if (method === 'GET' && parts[1] === 'events') return { notice: SIMULATOR_NOTICE, data: this.events };
    if (method === 'GET' && parts[1] === 'deliveries')
      return { notice: SIMULATOR_NOTICE, data: this.deliveries };
    if (method === 'POST' && parts[1] === 'subscriptions' && parts[3] === 'advance') {
      return this.advanceSubscription(parts[2]!, { fail: asBool(p.fail) });
    }
    if (method === 'POST' && parts[1] === 'events' && parts[3] === 'resend') {
      this.redeliver(parts[2]!);
      return { resent: parts[2] };
    }
    throw invalid(`Unknown simulator control ${method} ${path}`);
  }
}
