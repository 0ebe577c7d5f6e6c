import { Paper, SegmentedControl, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useLastPageWhenPast } from '../lib/address-query';
import { MONTH_CAP } from '../lib/month-pages';
import { LoadFailure } from './LoadStates';
import { type CalendarItem, MonthCalendar } from './MonthCalendar';
import { ShowingPagination } from './ShowingPagination';

/** How an admin list shows (docs/product.md#admin-sections): a table a page at a time, or a month calendar. */
export type ListView = 'list' | 'calendar';

/** The view the address asks for: the calendar when it says so, else the list. */
export const readView = (params: URLSearchParams): ListView =>
  params.get('view') === 'calendar' ? 'calendar' : 'list';

/** The switch between a list's table (named `listLabel`) and its calendar. */
export function ViewSwitch({
  view,
  listLabel = 'List',
  onChange,
}: {
  view: ListView;
  listLabel?: string;
  onChange(view: ListView): void;
}) {
  return (
    <SegmentedControl
      aria-label="View"
      value={view}
      onChange={(value) => onChange(value === 'calendar' ? 'calendar' : 'list')}
      data={[
        { value: 'list', label: listLabel },
        { value: 'calendar', label: 'Calendar' },
      ]}
    />
  );
}

/** A list's or calendar's reading (a react-query result): its total, and whether it failed or reads. */
interface Reading {
  data?: { total: number };
  isError: boolean;
  error: Error | null;
  isFetching: boolean;
  isPlaceholderData: boolean;
  refetch(): unknown;
}

/**
 * An admin list's body (docs/product.md#admin-sections Bookings, Availability, Events): the failure of the view on screen
 * with a way to ask again, else the table with 'Showing X to Y of N' and its pages, else the month
 * calendar with a line when the month holds more than it reads. A page past the end (an old link,
 * or fewer rows since) moves to the last one.
 */
export function ListOrCalendar({
  view,
  noun,
  page,
  limit,
  month,
  list,
  calendar,
  onAddress,
  failure,
  table,
  calendarLabel,
  items,
}: {
  view: ListView;
  /** Plural, e.g. 'bookings': the pagination's word and the calendar's. */
  noun: string;
  page: number;
  limit: number;
  /** The calendar's month (YYYY-MM). */
  month: string;
  /** The list's page, and the calendar's month, as read. */
  list: Reading;
  calendar: Reading;
  /** Moves the list's page or the calendar's month (in the address). */
  onAddress(changes: { page?: number; month?: string }): void;
  /**
   * The failure's sentence, the spec's word for asking again where it has one, and whether the
   * server's own words show under it.
   */
  failure: { title: string; retryLabel?: string; withDetail?: boolean };
  /** The list view's table. */
  table: ReactNode;
  /** What the calendar holds, e.g. 'Bookings', and its pills. */
  calendarLabel: string;
  items: CalendarItem[];
}) {
  const total = list.data?.total ?? 0;
  useLastPageWhenPast(list, total, limit, page, (last) => onAddress({ page: last }));
  const reading = view === 'list' ? list : calendar;
  const monthTotal = calendar.data?.total ?? 0;

  if (reading.isError)
    return (
      <LoadFailure
        title={failure.title}
        detail={failure.withDetail ? reading.error?.message : undefined}
        retryLabel={failure.retryLabel}
        onRetry={() => void reading.refetch()}
        retrying={reading.isFetching}
      />
    );
  if (view === 'list')
    return (
      <>
        <Paper withBorder radius="md">
          {table}
        </Paper>
        <ShowingPagination
          noun={noun}
          page={page}
          limit={limit}
          total={total}
          onPage={(n) => onAddress({ page: n })}
        />
      </>
    );
  return (
    <Paper withBorder radius="md" p="md">
      <MonthCalendar
        month={month}
        label={calendarLabel}
        busy={calendar.isFetching}
        onMonthChange={(next) => onAddress({ month: next })}
        items={items}
        footer={
          monthTotal > MONTH_CAP && (
            <Text size="sm" c="dimmed">
              Showing the first {MONTH_CAP} of {monthTotal} {noun} this month.
            </Text>
          )
        }
      />
    </Paper>
  );
}
