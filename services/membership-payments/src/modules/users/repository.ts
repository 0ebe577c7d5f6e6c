import { eq, sql } from 'drizzle-orm';
import { customers, users } from '../../db/schema';
import type { Db, PaymentsUser } from '../../db/types';

export async function findUser(db: Db, id: number): Promise<PaymentsUser | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** Keeps the newest version of who a user is: an older or repeated report changes nothing. */
export async function upsertUser(db: Db, row: PaymentsUser): Promise<void> {
  await db
    .insert(users)
    .values(row)
    .onConflictDoUpdate({ target: users.id, set: row, setWhere: sql`${users.version} < ${row.version}` });
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
