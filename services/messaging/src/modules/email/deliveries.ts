import type { Executor } from '@linksmate/platform';
import type * as schema from '../../db/schema';
import { emailDeliveries } from '../../db/schema';

export type NewDelivery = typeof emailDeliveries.$inferInsert;

export async function recordDelivery(db: Executor<typeof schema>, delivery: NewDelivery): Promise<void> {
  await db.insert(emailDeliveries).values(delivery);
}
