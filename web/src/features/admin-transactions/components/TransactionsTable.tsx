import type { Transaction } from '@linksmate/proto';
import { Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { ListTable } from '../../../components/ListTable';
import { StatusBadge } from '../../../components/StatusBadge';
import { formatDateTime } from '../../../lib/dates';
import { humanise } from './filters';

const STATUS_COLOURS: Record<string, string> = {
  succeeded: 'green',
  processed: 'teal',
  pending: 'yellow',
  requires_payment_method: 'orange',
  failed: 'red',
  canceled: 'gray',
};

/** docs/product.md#admin-sections: amounts are cents, shown in en-AU in the transaction's own currency. */
export function formatAmount(cents: number, currency: string): string {
  const code = currency.toUpperCase();
  try {
    return new Intl.NumberFormat('en-AU', { style: 'currency', currency: code }).format(cents / 100);
  } catch {
    // A currency code Intl does not know: the number with the code beside it.
    return `${(cents / 100).toFixed(2)} ${code}`;
  }
}

/** Which booking (once it exists), event and payment intent a transaction concerns, e.g. "Booking #84 · event #29 · pi_…". */
export function bookingReference(
  tx: Pick<Transaction, 'booking_id' | 'event_id' | 'payment_intent_id'>,
): string {
  const parts = [
    tx.booking_id !== null ? `Booking #${tx.booking_id}` : null,
    tx.event_id !== null ? `${tx.booking_id !== null ? 'event' : 'Event'} #${tx.event_id}` : null,
    tx.payment_intent_id,
  ];
  return parts.filter(Boolean).join(' · ');
}

/** docs/product.md#admin-sections "Payment Transactions" table: date, type, status, amount, user, description. */
export function TransactionsTable({
  transactions,
  state,
  stale,
}: {
  transactions: Transaction[];
  /** What stands in for rows: loading or nothing found. */
  state: ReactNode | null;
  /** The rows are the previous page's while the next one loads. */
  stale?: boolean;
}) {
  return (
    <ListTable
      minWidth={820}
      columns={6}
      state={state}
      stale={stale}
      head={
        <>
          <Table.Th>Date</Table.Th>
          <Table.Th>Type</Table.Th>
          <Table.Th>Status</Table.Th>
          <Table.Th ta="right">Amount</Table.Th>
          <Table.Th>User</Table.Th>
          <Table.Th>Description</Table.Th>
        </>
      }
    >
      {transactions.map((tx) => (
        <Table.Tr key={tx.id} data-testid="transaction">
          <Table.Td>
            <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
              {formatDateTime(tx.created_at)}
            </Text>
          </Table.Td>
          <Table.Td>
            <Text size="sm" title={tx.type}>
              {humanise(tx.type)}
            </Text>
          </Table.Td>
          <Table.Td>
            <StatusBadge color={STATUS_COLOURS[tx.status] ?? 'gray'}>{humanise(tx.status)}</StatusBadge>
          </Table.Td>
          <Table.Td ta="right">
            <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
              {formatAmount(tx.amount, tx.currency)}
            </Text>
          </Table.Td>
          <Table.Td>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {tx.user_email ?? '—'}
            </Text>
          </Table.Td>
          <Table.Td>
            <Text size="sm" c={tx.description ? undefined : 'dimmed'} lineClamp={2}>
              {tx.description ?? '—'}
            </Text>
            {(tx.booking_id !== null || tx.event_id !== null) && (
              <Text
                size="xs"
                c="dimmed"
                data-testid="transaction-booking"
                style={{ overflowWrap: 'anywhere' }}
              >
                {bookingReference(tx)}
              </Text>
            )}
          </Table.Td>
        </Table.Tr>
      ))}
    </ListTable>
  );
}
