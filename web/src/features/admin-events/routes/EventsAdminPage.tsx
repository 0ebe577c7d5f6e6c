import type { Event } from '@linksmate/proto';
import {
  EVENT_STATUSES,
  EVENT_TYPES,
  type EventType,
  isSiteAdminRole,
  PAGE_SIZES,
} from '@linksmate/proto/rules';
import { Stack } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { ListOrCalendar, readView, ViewSwitch } from '../../../components/ListOrCalendar';
import { PageHeader, RefreshButton } from '../../../components/PageHeader';
import { AddUserDialog } from '../../../entities/event/components/AddUserDialog';
import { useListAddress } from '../../../lib/address-query';
import { monthRange, rangeBounds, readDay, readMonth } from '../../../lib/date-range';
import { paths } from '../../../lib/paths';
import { useSession } from '../../../lib/session-context';
import { useAdminEvents, useAdminMonthEvents } from '../api/get-admin-events';
import { EventFilters, type EventFilterValues } from '../components/EventFilters';
import { EventsTable } from '../components/EventsTable';
import { EVENTS_TEXTS, type EventStatus, eventsTitle, STATUS_COLOURS } from '../components/event-text';

const LIMIT = PAGE_SIZES.adminEvents;
const oneOf = <T extends string>(list: readonly T[], value: string | null): T | '' =>
  (list as readonly string[]).includes(value ?? '') ? (value as T) : '';

/**
 * docs/product.md#admin-sections "Events management" (/admin/events): the events the server lets the caller see (every
 * one for site admins) as a list of 6 a page or a month calendar (up to 3 pills a day, '+N more'),
 * filtered by type, status, search and dates. Each event opens in a new tab. The list's state lives
 * in the address.
 */
export function EventsAdminPage() {
  const { role } = useSession();
  const siteAdmin = isSiteAdminRole(role);
  const { params, update, page } = useListAddress();
  const view = readView(params);
  const filters: EventFilterValues = {
    type: oneOf<EventType>(EVENT_TYPES, params.get('type')),
    status: oneOf<EventStatus>(EVENT_STATUSES, params.get('status')),
    from: readDay(params.get('from')),
    to: readDay(params.get('to')),
  };
  const search = params.get('search') ?? '';
  const month = readMonth(params.get('month'), filters.from || undefined);

  const [searchText, setSearchText] = useState(search);
  const [typed] = useDebouncedValue(searchText.trim(), 300);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a settled search term moves the list
  useEffect(() => {
    if (typed !== search) update({ search: typed || null });
  }, [typed]);

  const common = {
    event_type: filters.type || undefined,
    status: filters.status || undefined,
    search: search || undefined,
  };
  const list = useAdminEvents(
    { ...common, ...rangeBounds(filters.from, filters.to), limit: LIMIT, offset: (page - 1) * LIMIT },
    view === 'list',
  );
  const days = monthRange(month);
  const calendar = useAdminMonthEvents(
    { ...common, ...rangeBounds(days.from, days.to) },
    view === 'calendar',
  );
  const shown = view === 'list' ? list : calendar;

  const [adding, setAdding] = useState<Event | null>(null);
  const rows = list.data?.events ?? [];
  const state = list.isPending ? 'Loading events...' : rows.length === 0 ? 'No events found' : null;

  return (
    <Stack gap="lg">
      <PageHeader
        title={eventsTitle(role)}
        subtitle={
          siteAdmin
            ? 'Official events and member games, past and upcoming. Each opens in a new tab.'
            : 'The events you look after, past and upcoming. Each opens in a new tab.'
        }
        actions={
          <>
            <ViewSwitch
              view={view}
              onChange={(next) => update({ view: next === 'calendar' ? next : null })}
            />
            <RefreshButton query={shown} />
          </>
        }
      />

      <EventFilters
        filters={filters}
        search={searchText}
        withRange={view === 'list'}
        onPick={(changes) => update(changes as Record<string, string>)}
        onSearch={setSearchText}
      />

      <ListOrCalendar
        view={view}
        noun="events"
        failure={{ title: EVENTS_TEXTS.loadFailed, retryLabel: 'Retry' }}
        table={
          <EventsTable
            events={rows}
            state={state}
            stale={list.isPlaceholderData}
            canAddUser={siteAdmin}
            onAddUser={setAdding}
          />
        }
        page={page}
        limit={LIMIT}
        month={month}
        list={list}
        calendar={calendar}
        onAddress={update}
        calendarLabel="Events"
        items={(calendar.data?.events ?? []).map((event) => ({
          key: event.id,
          at: event.start_time,
          label: event.title,
          color: STATUS_COLOURS[event.status],
          href: paths.event.href(event.id),
        }))}
      />

      {siteAdmin && <AddUserDialog event={adding} onClose={() => setAdding(null)} />}
    </Stack>
  );
}
