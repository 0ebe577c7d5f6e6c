import {
  ActionIcon,
  Box,
  Button,
  Group,
  Popover,
  Stack,
  Table,
  Text,
  Title,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import dayjs from 'dayjs';
import type { CSSProperties, ReactNode } from 'react';
import { monthTitle, shiftMonth } from '../lib/date-range';

/** Something on the calendar: shown as a pill on the day it starts, in the reader's own time. */
export interface CalendarItem {
  key: string | number;
  /** When it starts (ISO). */
  at: string;
  /** The pill's words, after the time. */
  label: string;
  /** A Mantine colour name: the pill's background and edge. */
  color?: string;
  /** Opens this address in a new tab. */
  href?: string;
  /** Or does this. */
  onOpen?: () => void;
}

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const time = new Intl.DateTimeFormat('en-AU', { hour: 'numeric', minute: '2-digit' });
const dayName = new Intl.DateTimeFormat('en-AU', { weekday: 'long', day: 'numeric', month: 'long' });

const pillStyle = (color: string): CSSProperties => ({
  display: 'block',
  width: '100%',
  padding: '1px 6px',
  borderRadius: 4,
  fontSize: 12,
  lineHeight: '18px',
  whiteSpace: 'nowrap',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  textAlign: 'left',
  textDecoration: 'none',
  background: `var(--mantine-color-${color}-1)`,
  borderLeft: `3px solid var(--mantine-color-${color}-7)`,
  // The colour is the background's and the edge's; the words read in the body's dark (WCAG AA).
  color: 'var(--mantine-color-dark-7)',
});

function Pill({ item }: { item: CalendarItem }) {
  const text = `${time.format(new Date(item.at))} ${item.label}`;
  const style = pillStyle(item.color ?? 'gray');
  if (item.href)
    return (
      <a href={item.href} target="_blank" rel="noopener noreferrer" style={style} title={text}>
        {text}
        <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
      </a>
    );
  if (item.onOpen)
    return (
      <UnstyledButton onClick={item.onOpen} style={style} title={text}>
        {text}
      </UnstyledButton>
    );
  return (
    <Box style={style} title={text}>
      {text}
    </Box>
  );
}

/** The days the grid shows: whole weeks, Monday first, around the month. */
function weeksOf(month: string): dayjs.Dayjs[][] {
  const first = dayjs(`${month}-01`);
  const start = first.subtract((first.day() + 6) % 7, 'day');
  const last = first.endOf('month');
  const weeks: dayjs.Dayjs[][] = [];
  for (let day = start; day.isBefore(last) || day.isSame(last, 'day'); day = day.add(7, 'day'))
    weeks.push(Array.from({ length: 7 }, (_, i) => day.add(i, 'day')));
  return weeks;
}

/**
 * A month grid (docs/product.md#admin-sections calendars): each day with up to `maxPerDay` pills and a '+N more' marker
 * that lists the rest. Previous, next and this month move it; the items are the caller's to fetch.
 */
export function MonthCalendar({
  month,
  items,
  label,
  maxPerDay = 3,
  busy = false,
  footer,
  onMonthChange,
}: {
  /** YYYY-MM. */
  month: string;
  items: CalendarItem[];
  /** What the calendar holds, e.g. 'Events'. */
  label: string;
  maxPerDay?: number;
  busy?: boolean;
  footer?: ReactNode;
  onMonthChange(month: string): void;
}) {
  const byDay = new Map<string, CalendarItem[]>();
  for (const item of [...items].sort((a, b) => a.at.localeCompare(b.at))) {
    const day = dayjs(item.at).format('YYYY-MM-DD');
    byDay.set(day, [...(byDay.get(day) ?? []), item]);
  }
  const today = dayjs().format('YYYY-MM-DD');
  const title = monthTitle(month);

  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap">
        <Title order={2} size="h4" aria-live="polite">
          {title}
        </Title>
        <Group gap={6}>
          <ActionIcon
            variant="default"
            size="lg"
            aria-label="Previous month"
            onClick={() => onMonthChange(shiftMonth(month, -1))}
          >
            <IconChevronLeft size={18} aria-hidden />
          </ActionIcon>
          <Button variant="default" size="sm" onClick={() => onMonthChange(dayjs().format('YYYY-MM'))}>
            This month
          </Button>
          <ActionIcon
            variant="default"
            size="lg"
            aria-label="Next month"
            onClick={() => onMonthChange(shiftMonth(month, 1))}
          >
            <IconChevronRight size={18} aria-hidden />
          </ActionIcon>
        </Group>
      </Group>
      <Table.ScrollContainer minWidth={760}>
        <Table
          withTableBorder
          withColumnBorders
          layout="fixed"
          aria-label={`${label}, ${title}`}
          aria-busy={busy || undefined}
          style={{ opacity: busy ? 0.6 : 1, transition: 'opacity 150ms' }}
        >
          <Table.Thead>
            <Table.Tr>
              {WEEKDAYS.map((day) => (
                <Table.Th key={day} scope="col" abbr={day} ta="center">
                  {day.slice(0, 3)}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {weeksOf(month).map((week) => (
              <Table.Tr key={week[0]!.format('YYYY-MM-DD')}>
                {week.map((day) => {
                  const key = day.format('YYYY-MM-DD');
                  const all = byDay.get(key) ?? [];
                  const inMonth = day.format('YYYY-MM') === month;
                  const shown = all.slice(0, maxPerDay);
                  const more = all.length - shown.length;
                  return (
                    <Table.Td
                      key={key}
                      valign="top"
                      h={112}
                      p={4}
                      bg={key === today ? 'var(--mantine-color-fairway-0)' : undefined}
                    >
                      <Text size="xs" fw={key === today ? 800 : 600} c={inMonth ? 'dark.6' : 'gray.7'} mb={4}>
                        <span aria-hidden>{day.date()}</span>
                        <VisuallyHidden>{dayName.format(day.toDate())}</VisuallyHidden>
                      </Text>
                      <Stack gap={3}>
                        {shown.map((item) => (
                          <Pill key={item.key} item={item} />
                        ))}
                        {more > 0 && (
                          <Popover width={260} position="bottom" withArrow shadow="md">
                            <Popover.Target>
                              <UnstyledButton
                                fz={12}
                                fw={600}
                                c="dark.6"
                                px={6}
                                aria-label={`${more} more on ${dayName.format(day.toDate())}`}
                              >
                                +{more} more
                              </UnstyledButton>
                            </Popover.Target>
                            <Popover.Dropdown>
                              <Text size="sm" fw={700} mb={6}>
                                {dayName.format(day.toDate())}
                              </Text>
                              <Stack gap={4}>
                                {all.map((item) => (
                                  <Pill key={item.key} item={item} />
                                ))}
                              </Stack>
                            </Popover.Dropdown>
                          </Popover>
                        )}
                      </Stack>
                    </Table.Td>
                  );
                })}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {footer}
    </Stack>
  );
}
