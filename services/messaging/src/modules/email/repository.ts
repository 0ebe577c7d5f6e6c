import { emailDeliveries } from '../../db/schema';
import type { Db } from '../../db/types';

export type NewDelivery = typeof emailDeliveries.$inferInsert;

export async function recordDelivery(db: Db, delivery: NewDelivery): Promise<void> {
  await db.insert(emailDeliveries).values(delivery);
}
