import { Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * An admin list's table (docs/product.md#admin-sections): it scrolls sideways below `minWidth`, and while there are no
 * rows to show, one line across all `columns` says why (loading, nothing found). Where the list
 * keeps the previous page on screen while the next one loads, `stale` dims it and marks it busy.
 */
export function ListTable({
  minWidth,
  columns,
  head,
  state,
  stale,
  children,
}: {
  minWidth: number;
  /** How many columns `head` has: the width of the line that stands in for rows. */
  columns: number;
  /** The header cells. */
  head: ReactNode;
  /** What stands in for rows: loading or nothing found. */
  state: ReactNode | null;
  /** The rows are the previous page's while the next one loads (absent where a list never keeps them). */
  stale?: boolean;
  /** The rows. */
  children: ReactNode;
}) {
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table verticalSpacing="sm" highlightOnHover aria-busy={stale || undefined}>
        <Table.Thead>
          <Table.Tr>{head}</Table.Tr>
        </Table.Thead>
        <Table.Tbody
          style={stale === undefined ? undefined : { opacity: stale ? 0.6 : 1, transition: 'opacity 150ms' }}
        >
          {state ? (
            <Table.Tr>
              <Table.Td colSpan={columns}>
                <Text ta="center" c="dimmed" py="xl">
                  {state}
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : (
            children
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
