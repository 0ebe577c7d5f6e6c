import { membershipBadge, USER_EXPORT_COLUMNS } from '@linksmate/proto';
import type { DirectoryUser } from '../../db/types';

/**
 * One CSV value. Plain values stay unquoted, as the spec's export has them; a value with a comma,
 * quote or line break is quoted (RFC 4180) so the columns stay true, and one that a spreadsheet
 * would run as a formula is led by an apostrophe.
 */
export function csvValue(value: string | number | boolean | null): string {
  if (value === null) return '';
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text) && typeof value === 'string') text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function exportRow(person: DirectoryUser): string {
  const values: Record<(typeof USER_EXPORT_COLUMNS)[number], string | number | boolean | null> = {
    id: person.id,
    email: person.email,
    firstName: person.firstName,
    lastName: person.lastName,
    username: person.username,
    role: person.role,
    membershipType: membershipBadge(person.membershipType, person.membershipStatus),
    membershipStatus: person.membershipStatus,
    createdAt: person.createdAt.toISOString(),
    lastLogin: person.lastLoginAt?.toISOString() ?? null,
    banned: person.banned,
  };
  return USER_EXPORT_COLUMNS.map((column) => csvValue(values[column])).join(',');
}

/** The export's lines, header first, a chunk of rows at a time as they are read. */
export async function* usersCsv(
  people: AsyncIterable<DirectoryUser>,
  chunkRows = 500,
): AsyncGenerator<string> {
  yield `${USER_EXPORT_COLUMNS.join(',')}\n`;
  let chunk: string[] = [];
  for await (const person of people) {
    chunk.push(exportRow(person));
    if (chunk.length >= chunkRows) {
      yield `${chunk.join('\n')}\n`;
      chunk = [];
    }
  }
  if (chunk.length) yield `${chunk.join('\n')}\n`;
}

/** Today in Australia (the file's name): the day the people exporting it live in. */
export function exportDay(now: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(now);
}
