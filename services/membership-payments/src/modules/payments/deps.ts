import type { Clock, ServiceRuntime } from '@linksmate/platform';
import type Stripe from 'stripe';
import type * as schema from '../../db/schema';
import type { Db } from '../memberships/repository';
import type { MembershipService } from '../memberships/service';
import type { PaymentsLedger } from './ledger';

/** What the payment use cases share. */
export interface PaymentsDeps {
  db: Db;
  runtime: ServiceRuntime<typeof schema>;
  stripe: Stripe;
  memberships: MembershipService;
  ledger: PaymentsLedger;
  clock: Clock;
}
