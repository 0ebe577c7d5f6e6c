import { Button, Group, NumberInput, Paper, Select, SimpleGrid, Text, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { IconFilterOff, IconSearch } from '@tabler/icons-react';
import {
  amountError,
  amountRangeError,
  CURRENCY_OPTIONS,
  type FilterKey,
  type Filters,
  STATUS_OPTIONS,
  TYPE_OPTIONS,
  type TypedFilter,
} from './filters';

/**
 * docs/product.md#admin-sections "Payment Transactions" filters: status, type, currency, a date range, an amount range in
 * dollars and the payer's e-mail. `filters` is what the list shows; `drafts` is what is being typed.
 */
export function FilterPanel({
  filters,
  drafts,
  onPick,
  onType,
  onClear,
}: {
  filters: Filters;
  drafts: Pick<Filters, TypedFilter>;
  onPick(key: Exclude<FilterKey, TypedFilter>, value: string): void;
  onType(key: TypedFilter, value: string): void;
  onClear(): void;
}) {
  const active = Object.values({ ...filters, ...drafts }).some((value) => value.trim() !== '');
  const amount = (key: 'minAmount' | 'maxAmount', label: string, error?: string) => (
    <NumberInput
      label={label}
      placeholder="Any"
      prefix="$"
      min={0}
      decimalScale={2}
      thousandSeparator=","
      value={drafts[key]}
      onChange={(value) => onType(key, String(value))}
      error={error}
    />
  );
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Filters">
      <Group justify="space-between" mb="sm">
        <Text fw={700}>Filters</Text>
        <Button
          variant="subtle"
          size="xs"
          leftSection={<IconFilterOff size={14} aria-hidden />}
          disabled={!active}
          onClick={onClear}
        >
          Clear filters
        </Button>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="sm">
        <Select
          label="Status"
          data={STATUS_OPTIONS}
          value={filters.status}
          onChange={(value) => onPick('status', value ?? '')}
          allowDeselect={false}
        />
        <Select
          label="Type"
          data={TYPE_OPTIONS}
          value={filters.type}
          onChange={(value) => onPick('type', value ?? '')}
          allowDeselect={false}
        />
        <Select
          label="Currency"
          data={CURRENCY_OPTIONS}
          value={filters.currency}
          onChange={(value) => onPick('currency', value ?? '')}
          allowDeselect={false}
        />
        <TextInput
          size="sm"
          label="User e-mail"
          placeholder="Search by e-mail"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={drafts.userEmail}
          onChange={(e) => onType('userEmail', e.currentTarget.value)}
        />
        <DateInput
          label="Date from"
          placeholder="Any"
          valueFormat="D MMM YYYY"
          clearable
          value={filters.dateFrom || null}
          maxDate={filters.dateTo || undefined}
          onChange={(value) => onPick('dateFrom', value ?? '')}
        />
        <DateInput
          label="Date to"
          placeholder="Any"
          valueFormat="D MMM YYYY"
          clearable
          value={filters.dateTo || null}
          minDate={filters.dateFrom || undefined}
          onChange={(value) => onPick('dateTo', value ?? '')}
        />
        {amount('minAmount', 'Min amount', amountError(drafts.minAmount))}
        {amount(
          'maxAmount',
          'Max amount',
          amountError(drafts.maxAmount) ?? amountRangeError(drafts.minAmount, drafts.maxAmount),
        )}
      </SimpleGrid>
    </Paper>
  );
}
