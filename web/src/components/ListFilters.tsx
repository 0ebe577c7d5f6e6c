import { Paper, Select, SimpleGrid, type SimpleGridProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { DateRangeFields } from './DateRangeFields';

/**
 * An admin list's filter panel (docs/product.md#admin-sections): the list's own fields, then its date range where it
 * has one (the list view; a calendar's month is its range).
 */
export function FilterPanel({
  cols,
  maw,
  range,
  onRange,
  children,
}: {
  cols: SimpleGridProps['cols'];
  maw?: number;
  /** The range's days (YYYY-MM-DD, or empty for no bound), or null to leave it out. */
  range: { from: string; to: string } | null;
  onRange(range: { from?: string; to?: string }): void;
  children: ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Filters">
      <SimpleGrid cols={cols} spacing="sm" maw={maw}>
        {children}
        {range && <DateRangeFields from={range.from} to={range.to} onChange={onRange} />}
      </SimpleGrid>
    </Paper>
  );
}

/** The status filter's value for every status (absent from the address: the list's default). */
export const ANY_STATUS = 'all';

/** The status the address asks for: absent (or unknown) is the list's default, 'all' is every status. */
export function readStatus<S extends string>(
  value: string | null,
  statuses: readonly S[],
  fallback: S,
): S | undefined {
  if (value === ANY_STATUS) return undefined;
  return (statuses as readonly string[]).includes(value ?? '') ? (value as S) : fallback;
}

/**
 * The 'Status' filter of a list with a default status: 'All statuses' then each one. Choosing the
 * default gives null, so the address leaves it out.
 */
export function StatusFilter<S extends string>({
  statuses,
  label,
  value,
  fallback,
  onChange,
}: {
  statuses: readonly S[];
  label(status: S): string;
  /** The status shown, or undefined for every one. */
  value: S | undefined;
  fallback: S;
  onChange(status: string | null): void;
}) {
  return (
    <Select
      label="Status"
      data={[
        { value: ANY_STATUS, label: 'All statuses' },
        ...statuses.map((status) => ({ value: status, label: label(status) })),
      ]}
      value={value ?? ANY_STATUS}
      onChange={(next) => onChange(next === fallback ? null : (next ?? null))}
      allowDeselect={false}
    />
  );
}
