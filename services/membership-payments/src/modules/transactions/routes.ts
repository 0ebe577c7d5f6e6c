import type { HttpApp } from '@linksmate/platform';
import { ADMIN_SECTION_ROLES, TransactionsQuery, TransactionsReply } from '@linksmate/proto';
import type { TransactionsService } from './service';

/** docs/product.md#admin-calls: every provider event as a transaction, filtered and paged, for site admins. */
export function registerTransactionRoutes(app: HttpApp, transactions: TransactionsService): void {
  app.get(
    '/admin/payments/transactions',
    {
      config: { access: { roles: ADMIN_SECTION_ROLES.transactions } },
      schema: { tags: ['admin'], querystring: TransactionsQuery, response: { 200: TransactionsReply } },
    },
    async (request) => transactions.list(request.query),
  );
}
