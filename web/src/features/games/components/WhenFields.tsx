import { Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import { IconCalendarEvent } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { pickedDate, QUICK_END_HOURS, QUICK_STARTS } from './game-times';

const FORMAT = 'ddd D MMM YYYY, h:mm A';

function QuickOptions({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Group gap={6} mt={6} role="group" aria-label={label}>
      <Text size="xs" c="dimmed" component="span">
        Quick:
      </Text>
      {children}
    </Group>
  );
}

/**
 * Spec 2 "Create member game": start and end, each with its quick options. The start cannot be
 * before now; what happens to the end when the start moves is the form's (game-times.ts).
 */
export function WhenFields({
  start,
  end,
  startError,
  endError,
  startId,
  endId,
  onStartChange,
  onEndChange,
}: {
  start: Date | null;
  end: Date | null;
  startError?: string;
  endError?: string;
  startId: string;
  endId: string;
  onStartChange(value: Date | null): void;
  onEndChange(value: Date | null): void;
}) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <Stack gap={0}>
        <DateTimePicker
          id={startId}
          label="Start time"
          required
          placeholder="Pick a date and time"
          valueFormat={FORMAT}
          minDate={new Date()}
          value={start}
          onChange={(value) => onStartChange(pickedDate(value))}
          error={startError}
          leftSection={<IconCalendarEvent size={16} aria-hidden />}
          timePickerProps={{ format: '12h', withDropdown: true, popoverProps: { withinPortal: false } }}
        />
        <QuickOptions label="Quick start options">
          {QUICK_STARTS.map((option) => (
            <Button
              key={option.label}
              size="compact-xs"
              variant="light"
              onClick={() => onStartChange(option.at(dayjs()).toDate())}
            >
              {option.label}
            </Button>
          ))}
        </QuickOptions>
      </Stack>
      <Stack gap={0}>
        <DateTimePicker
          id={endId}
          label="End time"
          placeholder="Pick a date and time"
          valueFormat={FORMAT}
          minDate={start ?? new Date()}
          value={end}
          onChange={(value) => onEndChange(pickedDate(value))}
          error={endError}
          clearable
          clearButtonProps={{ 'aria-label': 'Clear end time' }}
          leftSection={<IconCalendarEvent size={16} aria-hidden />}
          timePickerProps={{ format: '12h', withDropdown: true, popoverProps: { withinPortal: false } }}
        />
        <QuickOptions label="Quick end options">
          {QUICK_END_HOURS.map((hours) => (
            <Button
              key={hours}
              size="compact-xs"
              variant="light"
              disabled={!start}
              onClick={() => start && onEndChange(dayjs(start).add(hours, 'hour').toDate())}
            >
              +{hours} hours
            </Button>
          ))}
        </QuickOptions>
      </Stack>
    </SimpleGrid>
  );
}
