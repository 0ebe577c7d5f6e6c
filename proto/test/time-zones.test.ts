import { describe, expect, it } from 'vitest';
import { instantAt, wallClockAt } from '../src/rules/time-zones';

const SYDNEY = 'Australia/Sydney';

describe('time zones: wall clocks and the instants they read', () => {
  it('when a Sydney clock reads a summer or a winter time, then the instant is 11 or 10 hours earlier in UTC', () => {
    expect(instantAt({ year: 2026, month: 12, day: 10, hour: 16 }, SYDNEY).toISOString()).toBe(
      '2026-12-10T05:00:00.000Z',
    );
    expect(instantAt({ year: 2026, month: 7, day: 1, hour: 9, minute: 30 }, SYDNEY).toISOString()).toBe(
      '2026-06-30T23:30:00.000Z',
    );
  });

  it('when the day the offset changes is asked for, then midnight and the afternoon each use their own offset', () => {
    // Daylight saving ends at 3 am on 5 April 2026: midnight is still +11, the afternoon +10.
    expect(instantAt({ year: 2026, month: 4, day: 5 }, SYDNEY).toISOString()).toBe(
      '2026-04-04T13:00:00.000Z',
    );
    expect(instantAt({ year: 2026, month: 4, day: 5, hour: 16 }, SYDNEY).toISOString()).toBe(
      '2026-04-05T06:00:00.000Z',
    );
  });

  it('when a day past the month’s end is given, then it rolls into the next month', () => {
    expect(instantAt({ year: 2026, month: 11, day: 31, hour: 12 }, SYDNEY).toISOString()).toBe(
      '2026-12-01T01:00:00.000Z',
    );
  });

  it('when an instant is read in Sydney, then the clock gives its local date, time and weekday', () => {
    expect(wallClockAt(new Date('2026-11-25T21:30:00.000Z'), SYDNEY)).toEqual({
      year: 2026,
      month: 11,
      day: 26,
      hour: 8,
      minute: 30,
      second: 0,
      weekday: 4,
    });
  });
});
