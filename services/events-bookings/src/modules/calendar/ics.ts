/** iCalendar (RFC 5545) writing: text escaping, UTC times, 75-octet line folding, CRLF. */

export interface CalendarEvent {
  id: number;
  title: string;
  description: string | null;
  startTime: Date;
  endTime: Date | null;
  status: string;
  venueName: string | null;
  venueAddress: string | null;
  venueCity: string | null;
  venueState: string | null;
  lat: number | null;
  lng: number | null;
  updatedAt: Date;
  /** The person's own standing, for a feed: pending requests show as tentative. */
  tentative?: boolean;
}

/** TEXT values (§3.3.11): backslash, semicolon, comma and newlines escaped. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** DATE-TIME in UTC (§3.3.5 form 2), e.g. 20261128T013000Z. */
export function utc(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/**
 * Folds a content line to 75 octets a line (§3.1): continuation lines start with one space, and a
 * multi-byte UTF-8 character is never split.
 */
export function fold(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  let limit = 75;
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8');
    if (octets + size > limit) {
      parts.push(current);
      current = ' ';
      octets = 1;
      limit = 75;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n');
}

export class Calendar {
  private readonly lines: string[] = [];

  constructor(options: { name?: string; refreshMinutes?: number } = {}) {
    this.lines.push(
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//LinksMate//Events//EN',
      'CALSCALE:GREGORIAN',
    );
    this.lines.push('METHOD:PUBLISH');
    if (options.name) this.lines.push(`X-WR-CALNAME:${escapeText(options.name)}`);
    if (options.refreshMinutes) {
      const duration = `PT${options.refreshMinutes}M`;
      this.lines.push(`REFRESH-INTERVAL;VALUE=DURATION:${duration}`, `X-PUBLISHED-TTL:${duration}`);
    }
  }

  add(event: CalendarEvent, options: { publicUrl: string; now: Date }): this {
    const url = `${options.publicUrl}/events/${event.id}`;
    const location = [event.venueName, event.venueAddress, event.venueCity, event.venueState]
      .filter((part): part is string => !!part?.trim())
      .join(', ');
    const description = [event.description?.trim(), url].filter(Boolean).join('\n\n');
    this.lines.push(
      'BEGIN:VEVENT',
      `UID:event-${event.id}@linksmate`,
      `DTSTAMP:${utc(options.now)}`,
      `LAST-MODIFIED:${utc(event.updatedAt)}`,
      `DTSTART:${utc(event.startTime)}`,
    );
    if (event.endTime) this.lines.push(`DTEND:${utc(event.endTime)}`);
    this.lines.push(`SUMMARY:${escapeText(event.title)}`);
    if (location) this.lines.push(`LOCATION:${escapeText(location)}`);
    if (event.lat !== null && event.lng !== null) this.lines.push(`GEO:${event.lat};${event.lng}`);
    this.lines.push(`URL:${url}`, `DESCRIPTION:${escapeText(description)}`);
    const status = event.status === 'cancelled' ? 'CANCELLED' : event.tentative ? 'TENTATIVE' : 'CONFIRMED';
    this.lines.push(`STATUS:${status}`, 'END:VEVENT');
    return this;
  }

  toString(): string {
    return `${[...this.lines, 'END:VCALENDAR'].map(fold).join('\r\n')}\r\n`;
  }
}
