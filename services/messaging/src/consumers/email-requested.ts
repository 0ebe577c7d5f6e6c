import type { ServiceRuntime } from '@linksmate/platform';
import { EmailRequested } from '@linksmate/proto';
import type * as schema from '../db/schema';
import type { MailDelivery } from '../modules/email/service';

/**
 * Sends every requested e-mail. The inbox makes a redelivered request send nothing twice; a refused
 * one is retried by the bus.
 */
export function consumeEmailRequests(runtime: ServiceRuntime<typeof schema>, delivery: MailDelivery): void {
  runtime.consume('email-delivery', [EmailRequested], (event, tx, context) =>
    delivery.deliver(tx, event, context),
  );
}
