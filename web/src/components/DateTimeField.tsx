import { DateTimePicker, type DateTimePickerProps } from '@mantine/dates';
import { IconCalendarEvent } from '@tabler/icons-react';
import dayjs from 'dayjs';

const FORMAT = 'ddd D MMM YYYY, h:mm A';

/**
 * A date and time picked in the reader's own zone, as a Date (null when cleared): a 12-hour time
 * dropdown, a calendar icon, and a placeholder dark enough to read (WCAG AA; Mantine's own grey on
 * the picker's button falls below it).
 */
export function DateTimeField({
  value,
  onChange,
  ...props
}: Omit<DateTimePickerProps, 'value' | 'onChange'> & {
  value: Date | null;
  onChange(value: Date | null): void;
}) {
  return (
    <DateTimePicker
      placeholder="Pick a date and time"
      valueFormat={FORMAT}
      leftSection={<IconCalendarEvent size={16} aria-hidden />}
      timePickerProps={{ format: '12h', withDropdown: true, popoverProps: { withinPortal: false } }}
      styles={{ placeholder: { color: 'var(--mantine-color-gray-7)' } }}
      {...props}
      value={value}
      // Mantine's pickers hand back 'YYYY-MM-DD HH:mm:ss' in the reader's own zone.
      onChange={(picked) => onChange(picked ? dayjs(picked).toDate() : null)}
    />
  );
}
