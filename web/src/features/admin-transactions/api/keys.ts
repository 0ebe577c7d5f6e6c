import type { TransactionsQuery } from '@linksmate/proto';

const root = ['admin', 'transactions'] as const;

export const adminTransactionsKeys = {
  all: root,
  list: (query: Partial<TransactionsQuery>) => [...root, 'list', query] as const,
};
