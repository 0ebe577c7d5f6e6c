import type { Executor } from '@linksmate/platform';
import { eq } from 'drizzle-orm';
import type * as schema from '../../db/schema';
import { customers, users } from '../../db/schema';

type Db = Executor<typeof schema>;

export async function findUser(db: Db, id: number) {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function findCustomerId(db: Db, userId: number): Promise<string | undefined> {
  const [row] = await db.select().from(customers).where(eq(customers.userId, userId)).limit(1);
  return row?.providerCustomerId;
}

export async function userOfCustomer(db: Db, providerCustomerId: string): Promise<number | undefined> {
  const [row] = await db
    .select()
    .from(customers)
    .where(eq(customers.providerCustomerId, providerCustomerId))
    .limit(1);
  return row?.userId;
}

export async function saveCustomer(db: Db, userId: number, providerCustomerId: string): Promise<void> {
  await db.insert(customers).values({ userId, providerCustomerId }).onConflictDoNothing();
}
