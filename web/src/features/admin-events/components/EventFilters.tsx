import type { EventType } from '@linksmate/proto/rules';
import { Select, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { FilterPanel } from '../../../components/ListFilters';
import { type EventStatus, STATUS_FILTERS, TYPE_FILTERS } from './event-text';

export interface EventFilterValues {
  type: EventType | '';
  status: EventStatus | '';
  from: string;
  to: string;
}

/**
 * docs/product.md#admin-sections "Events management" filters: type, status, a search of title, description and venue,
 * and (in the list) a date range. `search` is what is being typed; the list follows once it settles.
 */
export function EventFilters({
  filters,
  search,
  withRange,
  onPick,
  onSearch,
}: {
  filters: EventFilterValues;
  search: string;
  withRange: boolean;
  onPick(changes: Partial<EventFilterValues>): void;
  onSearch(text: string): void;
}) {
  return (
    <FilterPanel
      cols={{ base: 1, sm: 2, md: withRange ? 5 : 3 }}
      range={withRange ? { from: filters.from, to: filters.to } : null}
      onRange={onPick}
    >
      <TextInput
        size="sm"
        label="Search"
        placeholder="Title, description or venue"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search}
        onChange={(e) => onSearch(e.currentTarget.value)}
      />
      <Select
        label="Type"
        data={TYPE_FILTERS}
        value={filters.type}
        onChange={(value) => onPick({ type: (value ?? '') as EventType | '' })}
        allowDeselect={false}
      />
      <Select
        label="Status"
        data={STATUS_FILTERS}
        value={filters.status}
        onChange={(value) => onPick({ status: (value ?? '') as EventStatus | '' })}
        allowDeselect={false}
      />
    </FilterPanel>
  );
}
