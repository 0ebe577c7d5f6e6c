import { type HttpApp, requireAuth, requireRole } from '@linksmate/platform';
import { ApiErrorSchema, MAX_LIST_LIMIT, Nullable, PAGE_SIZES } from '@linksmate/proto';
import { and, count, desc, eq, gte, ilike, lte, type SQL } from 'drizzle-orm';
import Type from 'typebox';
import { transactions } from '../../db/schema';
import type { Db } from '../memberships/repository';

const Query = Type.Object({
  limit: Type.Integer({ minimum: 1, maximum: MAX_LIST_LIMIT, default: PAGE_SIZES.adminTransactions }),
  offset: Type.Integer({ minimum: 0, default: 0 }),
  status: Type.Optional(Type.String({ maxLength: 40 })),
  type: Type.Optional(Type.String({ maxLength: 80 })),
  currency: Type.Optional(Type.String({ maxLength: 3 })),
  dateFrom: Type.Optional(Type.String({ format: 'date' })),
  dateTo: Type.Optional(Type.String({ format: 'date' })),
  /** Cents. */
  minAmount: Type.Optional(Type.Integer({ minimum: 0 })),
  maxAmount: Type.Optional(Type.Integer({ minimum: 0 })),
  userEmail: Type.Optional(Type.String({ maxLength: 254 })),
});

const Transaction = Type.Object({
  id: Type.Integer(),
  type: Type.String(),
  status: Type.String(),
  amount: Type.Integer(),
  currency: Type.String(),
  user_email: Nullable(Type.String()),
  description: Nullable(Type.String()),
  created_at: Type.String(),
  stripe_event_id: Type.String(),
});

/** Spec 3 §7: every provider event as a transaction, filtered and paged, for site admins. */
export function registerTransactionRoutes(app: HttpApp, db: Db): void {
  app.get(
    '/admin/payments/transactions',
    {
      preHandler: [requireAuth, requireRole('admin', 'site_admin')],
      schema: {
        tags: ['admin'],
        security: [{ bearerAuth: [] }],
        querystring: Query,
        response: {
          200: Type.Object({ transactions: Type.Array(Transaction), total: Type.Integer() }),
          401: ApiErrorSchema,
          403: ApiErrorSchema,
        },
      },
    },
    async (request) => {
      const q = request.query;
      const filters: SQL[] = [];
      if (q.status) filters.push(eq(transactions.status, q.status));
      if (q.type) filters.push(eq(transactions.type, q.type));
      if (q.currency) filters.push(eq(transactions.currency, q.currency.toLowerCase()));
      if (q.dateFrom) filters.push(gte(transactions.createdAt, new Date(`${q.dateFrom}T00:00:00.000Z`)));
      if (q.dateTo) filters.push(lte(transactions.createdAt, new Date(`${q.dateTo}T23:59:59.999Z`)));
      if (q.minAmount !== undefined) filters.push(gte(transactions.amount, q.minAmount));
      if (q.maxAmount !== undefined) filters.push(lte(transactions.amount, q.maxAmount));
      if (q.userEmail)
        filters.push(ilike(transactions.userEmail, `%${q.userEmail.replace(/[%_\\]/g, '\\$&')}%`));
      const where = filters.length ? and(...filters) : undefined;
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
      return {
        transactions: rows.map((t) => ({
          id: t.id,
          type: t.type,
          status: t.status,
          amount: t.amount,
          currency: t.currency,
          user_email: t.userEmail,
          description: t.description,
          created_at: t.createdAt.toISOString(),
          stripe_event_id: t.stripeEventId,
        })),
        total: total?.n ?? 0,
      };
    },
  );
}
