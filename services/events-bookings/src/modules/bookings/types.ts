import type { ModuleContext } from '../../context';
import type { PaymentsClient } from '../../lib/payments-client';
import type { Projections } from '../projections/service';
import type { Seats } from '../seats/service';

export interface BookingsDeps extends ModuleContext {
  seats: Seats;
  /** Who may see and change which bookings in the admin area (`adminScope`). */
  projections: Projections;
  /** membership-payments, which refunds paid bookings when they are cancelled. */
  payments?: PaymentsClient;
}
