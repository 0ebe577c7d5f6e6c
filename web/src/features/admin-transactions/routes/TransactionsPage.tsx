import { PAGE_SIZES } from '@linksmate/proto/rules';
import { Paper, Stack } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { LoadFailure } from '../../../components/LoadStates';
import { PageHeader, RefreshButton } from '../../../components/PageHeader';
import { ShowingPagination } from '../../../components/ShowingPagination';
import { useLastPageWhenPast } from '../../../lib/address-query';
import { useListParams } from '../../../lib/list-params';
import { useTransactions } from '../api/get-transactions';
import { FilterPanel } from '../components/FilterPanel';
import { NO_FILTERS, readFilters, TYPED_FILTERS, toQuery } from '../components/filters';
import { TransactionsTable } from '../components/TransactionsTable';

const FAILED = 'Failed to fetch transactions. Please try again.';

/** docs/product.md#admin-sections "Payment Transactions" (/admin/transactions). The list's state lives in the address. */
export function TransactionsPage() {
  const [params, update] = useListParams();
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const filters = readFilters(params);

  // What is typed (e-mail, amounts) reaches the address, and so the list, once typing settles.
  const [drafts, setDrafts] = useState(() => ({
    userEmail: filters.userEmail,
    minAmount: filters.minAmount,
    maxAmount: filters.maxAmount,
  }));
  const [settled] = useDebouncedValue(drafts, 300);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only settled typing moves the list
  useEffect(() => {
    const changes = Object.fromEntries(
      TYPED_FILTERS.filter((key) => settled[key].trim() !== filters[key]).map((key) => [
        key,
        settled[key].trim(),
      ]),
    );
    if (Object.keys(changes).length) update(changes);
  }, [settled]);

  const transactions = useTransactions(toQuery(filters, page));
  const total = transactions.data?.total ?? 0;
  const rows = transactions.data?.transactions ?? [];
  useLastPageWhenPast(transactions, total, PAGE_SIZES.adminTransactions, page, (last) =>
    update({ page: last }),
  );

  const clear = () => {
    setDrafts({ userEmail: '', minAmount: '', maxAmount: '' });
    update(Object.fromEntries(Object.keys(NO_FILTERS).map((key) => [key, null])));
  };

  const state = transactions.isPending
    ? 'Loading transactions...'
    : rows.length === 0
      ? 'No transactions found'
      : null;

  return (
    <Stack gap="lg">
      <PageHeader
        title="Payment Transactions"
        subtitle="Every payment taken on LinksMate, to filter and look through."
        actions={<RefreshButton query={transactions} />}
      />

      <FilterPanel
        filters={filters}
        drafts={drafts}
        onPick={(key, value) => update({ [key]: value })}
        onType={(key, value) => setDrafts((current) => ({ ...current, [key]: value }))}
        onClear={clear}
      />

      {transactions.isError ? (
        <LoadFailure
          title={FAILED}
          retryLabel="Retry"
          onRetry={() => void transactions.refetch()}
          retrying={transactions.isFetching}
        />
      ) : (
        <>
          <Paper withBorder radius="md">
            <TransactionsTable transactions={rows} state={state} stale={transactions.isPlaceholderData} />
          </Paper>
          <ShowingPagination
            noun="transactions"
            page={page}
            limit={PAGE_SIZES.adminTransactions}
            total={total}
            onPage={(n) => update({ page: n })}
          />
        </>
      )}
    </Stack>
  );
}
