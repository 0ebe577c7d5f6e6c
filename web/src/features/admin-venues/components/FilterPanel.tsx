import type { AdminVenueListItem } from '@linksmate/proto';
import { Button, Group, Paper, Select, SimpleGrid, Text, TextInput } from '@mantine/core';
import { IconFilterOff, IconSearch } from '@tabler/icons-react';
import { useMemo } from 'react';
import {
  ACTIVE_OPTIONS,
  type FilterKey,
  isFiltered,
  REVIEW_OPTIONS,
  stateOptions,
  typeOptions,
  VERIFIED_OPTIONS,
  type VenueFilters,
} from './filters';

/**
 * The venue table's filters, applied in the browser (spec 3 "Venues management"): a search over
 * name and place, state, type, verified, active and review status. `searchText` is what is typed.
 */
export function FilterPanel({
  venues,
  filters,
  searchText,
  onSearchText,
  onPick,
  onClear,
}: {
  venues: AdminVenueListItem[];
  filters: VenueFilters;
  searchText: string;
  onSearchText(text: string): void;
  onPick(key: Exclude<FilterKey, 'search'>, value: string): void;
  onClear(): void;
}) {
  const states = useMemo(() => stateOptions(venues), [venues]);
  const types = useMemo(() => typeOptions(venues), [venues]);
  const select = (
    key: Exclude<FilterKey, 'search'>,
    label: string,
    data: { value: string; label: string }[],
  ) => (
    <Select
      label={label}
      data={data}
      value={filters[key]}
      onChange={(value) => onPick(key, value ?? '')}
      allowDeselect={false}
      searchable={data.length > 8}
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
          disabled={!isFiltered(filters) && !searchText.trim()}
          onClick={onClear}
        >
          Clear filters
        </Button>
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 6 }} spacing="sm">
        <TextInput
          size="sm"
          label="Search"
          placeholder="Name or city"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={searchText}
          onChange={(event) => onSearchText(event.currentTarget.value)}
        />
        {select('state', 'State', states)}
        {select('type', 'Type', types)}
        {select('verified', 'Verified', VERIFIED_OPTIONS)}
        {select('active', 'Active', ACTIVE_OPTIONS)}
        {select('review', 'Review status', REVIEW_OPTIONS)}
      </SimpleGrid>
    </Paper>
  );
}
