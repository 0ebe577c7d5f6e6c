const longDate = new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'long', year: 'numeric' });

/** '3 March 2026', or a dash when there is no date. */
export const formatLongDate = (value: string | null | undefined) =>
  value ? longDate.format(new Date(value)) : '—';
