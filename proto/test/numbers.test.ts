import { describe, expect, it } from 'vitest';
import { numberError, numberFault } from '../src/rules/limits';
import { ADMIN_VENUE_MESSAGES, COURSE_LENGTH, VENUE_COORDINATES } from '../src/rules/venues';

const LENGTH_WORDS = {
  below: ADMIN_VENUE_MESSAGES.lengthNotNegative,
  above: ADMIN_VENUE_MESSAGES.lengthTooLong,
  fraction: ADMIN_VENUE_MESSAGES.lengthWhole,
};

describe('numbers typed into forms', () => {
  it('when a number breaks several limits, then the first in the forms’ order is named: least, most, whole', () => {
    expect(numberFault(-0.5, COURSE_LENGTH)).toBe('below');
    expect(numberFault(1_000_000.5, COURSE_LENGTH)).toBe('above');
    expect(numberFault(18.5, COURSE_LENGTH)).toBe('fraction');
    expect(numberFault(0, COURSE_LENGTH)).toBeUndefined();
    expect(numberFault(1_000_000, COURSE_LENGTH)).toBeUndefined();
  });

  it('when a course length of -5 is judged, then the message is the wizard’s, and none for a good or missing one', () => {
    expect(numberError(-5, COURSE_LENGTH, LENGTH_WORDS)).toBe('Course length cannot be negative');
    expect(numberError(18, COURSE_LENGTH, LENGTH_WORDS)).toBeUndefined();
    expect(numberError(null, COURSE_LENGTH, LENGTH_WORDS)).toBeUndefined();
    expect(numberError(undefined, COURSE_LENGTH, LENGTH_WORDS)).toBeUndefined();
  });

  it('when a coordinate is a fraction inside its range, then it is fine; past either end it is named', () => {
    const words = { below: ADMIN_VENUE_MESSAGES.latitudeRange, above: ADMIN_VENUE_MESSAGES.latitudeRange };
    expect(numberError(-37.8136, VENUE_COORDINATES.lat, words)).toBeUndefined();
    expect(numberError(-90.0001, VENUE_COORDINATES.lat, words)).toBe('Latitude must be between -90 and 90');
    expect(numberError(90.0001, VENUE_COORDINATES.lat, words)).toBe('Latitude must be between -90 and 90');
    // @ts-expect-error: limits with a most need words for a number past it.
    numberError(91, VENUE_COORDINATES.lat, { below: ADMIN_VENUE_MESSAGES.latitudeRange });
  });
});
