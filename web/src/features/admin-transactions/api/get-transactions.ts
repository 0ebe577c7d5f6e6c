import type { TransactionsQuery, TransactionsReply } from '@linksmate/proto';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, queryString } from '../../../lib/api-client';
import { adminTransactionsKeys } from './keys';

export type TransactionsListQuery = Partial<TransactionsQuery>;

/**
 * docs/product.md#admin-calls: GET /admin/payments/transactions with limit, offset, status, type, currency, dateFrom,
 * dateTo (YYYY-MM-DD), minAmount, maxAmount (cents) and userEmail.
 */
export const getTransactions = (query: TransactionsListQuery) =>
  api.get<TransactionsReply>(`/admin/payments/transactions${queryString(query)}`);

export const transactionsQuery = (query: TransactionsListQuery) =>
  queryOptions({
    queryKey: adminTransactionsKeys.list(query),
    queryFn: () => getTransactions(query),
    // The page on screen stays while the next one loads.
    placeholderData: keepPreviousData,
  });

export const useTransactions = (query: TransactionsListQuery) => useQuery(transactionsQuery(query));
