import Stripe from 'stripe';
import type { MembershipPaymentsConfig } from '../config';

/**
 * The official Stripe SDK. With STRIPE_API_BASE it talks to the local simulator (development and
 * tests); without it, to Stripe — nothing else differs.
 */
export function createStripe(
  config: Pick<MembershipPaymentsConfig, 'STRIPE_SECRET_KEY' | 'STRIPE_API_BASE'>,
): Stripe {
  const base = config.STRIPE_API_BASE ? new URL(config.STRIPE_API_BASE) : undefined;
  return new Stripe(config.STRIPE_SECRET_KEY, {
    maxNetworkRetries: 2,
    timeout: 15_000,
    telemetry: false,
    appInfo: { name: 'LinksMate', version: '1.0.0' },
    ...(base
      ? {
          host: base.hostname,
          port: Number(base.port || (base.protocol === 'https:' ? 443 : 80)),
          protocol: base.protocol.replace(':', '') as 'http' | 'https',
        }
      : {}),
  });
}

export type { Stripe };
