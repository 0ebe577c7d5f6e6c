import { DateInput } from '@mantine/dates';

/**
 * A list's date range as two day inputs, 'From' and 'To' (docs/product.md#admin-sections admin filters). Clearing a
 * bound leaves that side open; each limits the other so the range cannot run backwards.
 */
export function DateRangeFields({
  from,
  to,
  onChange,
}: {
  /** YYYY-MM-DD, or empty for no bound. */
  from: string;
  to: string;
  onChange(range: { from?: string; to?: string }): void;
}) {
  return (
    <>
      <DateInput
        label="From"
        placeholder="Any date"
        valueFormat="D MMM YYYY"
        clearable
        clearButtonProps={{ 'aria-label': 'Clear the from date' }}
        value={from || null}
        maxDate={to || undefined}
        onChange={(value) => onChange({ from: value ?? '' })}
      />
      <DateInput
        label="To"
        placeholder="Any date"
        valueFormat="D MMM YYYY"
        clearable
        clearButtonProps={{ 'aria-label': 'Clear the to date' }}
        value={to || null}
        minDate={from || undefined}
        onChange={(value) => onChange({ to: value ?? '' })}
      />
    </>
  );
}
