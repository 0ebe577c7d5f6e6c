import type { TransactionsQuery } from '@linksmate/proto';
import { and, count, desc, eq, gte, ilike, lte, type SQL } from 'drizzle-orm';
import { transactions } from '../../db/schema';
import type { Db, NewTransaction, TransactionRow } from '../../db/types';

/** Stores a provider event as a transaction, once: a repeated event id stores nothing (undefined). */
export async function insertTransaction(db: Db, row: NewTransaction): Promise<TransactionRow | undefined> {
  const [recorded] = await db.insert(transactions).values(row).onConflictDoNothing().returning();
  return recorded;
}

function filtersOf(q: TransactionsQuery): SQL | undefined {
  const filters: SQL[] = [];
  if (q.status) filters.push(eq(transactions.status, q.status));
  if (q.type) filters.push(eq(transactions.type, q.type));
  if (q.currency) filters.push(eq(transactions.currency, q.currency.toLowerCase()));
  if (q.dateFrom) filters.push(gte(transactions.createdAt, new Date(`${q.dateFrom}T00:00:00.000Z`)));
  if (q.dateTo) filters.push(lte(transactions.createdAt, new Date(`${q.dateTo}T23:59:59.999Z`)));
  if (q.minAmount !== undefined) filters.push(gte(transactions.amount, q.minAmount));
  if (q.maxAmount !== undefined) filters.push(lte(transactions.amount, q.maxAmount));
  if (q.userEmail) filters.push(ilike(transactions.userEmail, `%${q.userEmail.replace(/[%_\\]/g, '\\$&')}%`));
  return filters.length ? and(...filters) : undefined;
}

/** One page of transactions, newest first, and how many match in all. */
export async function listTransactions(
  db: Db,
  q: TransactionsQuery,
): Promise<{ rows: TransactionRow[]; total: number }> {
  const where = filtersOf(q);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(transactions)
      .where(where)
      .orderBy(desc(transactions.createdAt), desc(transactions.id))
      .limit(q.limit)
      .offset(q.offset),
    db.select({ n: count() }).from(transactions).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
