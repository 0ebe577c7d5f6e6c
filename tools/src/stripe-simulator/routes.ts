import { createCustomer } from './customers';
import { cancelPaymentIntent, confirmPaymentIntent, createPaymentIntent } from './payment-intents';
import { createPrice, createProduct, listPrices } from './products';
import { createRefund } from './refunds';
import { confirmSetupIntent } from './setup-intents';
import type { Simulation } from './store';
import {
  advanceSubscription,
  createSubscription,
  endSubscription,
  updateSubscription,
} from './subscriptions';
import {
  ApiFailure,
  asBool,
  invalid,
  type Json,
  missing,
  SIMULATOR_NOTICE,
  type StripeObject,
} from './values';

export interface ApiKey {
  value: string;
  /** The browser's key: it may only read and confirm intents whose client secret it holds. */
  publishable: boolean;
}

/** A browser may only touch an intent whose client secret it holds. */
function clientReadable(intent: StripeObject, p: Json, key: { publishable: boolean }): StripeObject {
  if (key.publishable && p.client_secret !== intent.client_secret) {
    throw invalid(
      'The client_secret provided does not match the client_secret associated with this intent.',
      'client_secret',
    );
  }
  return intent;
}

/** Stripe's API, the part LinksMate uses: `/v1/{resource}[/{id}[/{action}]]`. */
export function routeApi(sim: Simulation, method: string, path: string, p: Json, key: ApiKey): Json {
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
  const { store } = sim;
  const expand = (obj: StripeObject) => store.expand(obj, (p.expand as string[] | undefined) ?? []);

  switch (`${method} ${resource}${id ? '/:id' : ''}${action ? `/${action}` : ''}`) {
    case 'POST customers':
      return createCustomer(sim, p);
    case 'GET customers/:id':
      return expand(store.get('customer', id!));
    case 'POST customers/:id':
      return store.update(store.get('customer', id!), p);
    case 'POST products':
      return createProduct(sim, p);
    case 'GET prices':
      return { object: 'list', data: listPrices(sim, p).map(expand), has_more: false, url: '/v1/prices' };
    case 'POST prices':
      return createPrice(sim, p);
    case 'GET prices/:id':
      return expand(store.get('price', id!));
    case 'POST subscriptions':
      return expand(createSubscription(sim, p));
    case 'GET subscriptions/:id':
      return expand(store.get('subscription', id!));
    case 'POST subscriptions/:id':
      return expand(updateSubscription(sim, store.get('subscription', id!), p));
    case 'DELETE subscriptions/:id':
      return expand(endSubscription(sim, store.get('subscription', id!)));
    case 'POST payment_intents':
      return expand(createPaymentIntent(sim, p));
    case 'GET payment_intents/:id':
      return expand(clientReadable(store.get('payment_intent', id!), p, key));
    case 'POST payment_intents/:id/confirm':
      return expand(confirmPaymentIntent(sim, clientReadable(store.get('payment_intent', id!), p, key), p));
    case 'POST payment_intents/:id/cancel':
      return expand(cancelPaymentIntent(sim, store.get('payment_intent', id!), p));
    case 'POST refunds':
      return createRefund(sim, p);
    case 'GET refunds/:id':
      return store.get('refund', id!);
    case 'GET setup_intents/:id':
      return expand(clientReadable(store.get('setup_intent', id!), p, key));
    case 'POST setup_intents/:id/confirm':
      return expand(confirmSetupIntent(sim, clientReadable(store.get('setup_intent', id!), p, key), p));
    case 'GET invoices/:id':
      return expand(store.get('invoice', id!));
    case 'GET events/:id':
      return sim.webhooks.event(id!);
    default:
      throw invalid(
        `Unrecognized request URL (${method}: ${path}). The simulator implements only what LinksMate uses.`,
      );
  }
}

/** Development controls, under /_sim/, for moving time and replaying webhooks by hand. */
export function routeControl(sim: Simulation, method: string, path: string, p: Json): Json {
  const parts = path.split('/').filter(Boolean);
  if (method === 'GET' && parts[1] === 'events')
    return { notice: SIMULATOR_NOTICE, data: sim.webhooks.events };
  if (method === 'GET' && parts[1] === 'deliveries')
    return { notice: SIMULATOR_NOTICE, data: sim.webhooks.deliveries };
  if (method === 'POST' && parts[1] === 'subscriptions' && parts[3] === 'advance') {
    return advanceSubscription(sim, parts[2]!, { fail: asBool(p.fail) });
  }
  if (method === 'POST' && parts[1] === 'events' && parts[3] === 'resend') {
    sim.webhooks.redeliver(parts[2]!);
    return { resent: parts[2] };
  }
  throw invalid(`Unknown simulator control ${method} ${path}`);
}
