import {
  ADMIN_COACH_MESSAGES,
  COACH_YEARS_EXPERIENCE,
  HANDICAP,
  NAME_MESSAGES,
  PROFILE_TEXT_LIMITS,
  PROFILE_TEXT_MESSAGES,
  usernameError,
} from '@linksmate/proto/rules';
import { describe, expect, it } from 'vitest';
import {
  coachBody,
  coachErrors,
  EMPTY_COACH,
  firstStepWith,
} from '../../src/features/admin-coaches/components/coach-form';
import {
  bodyOf,
  firstInvalidField,
  formValuesOf,
  sameProfile,
  validateProfile,
} from '../../src/features/profile/components/profile-form';
import { formatDateTime, formatLongDate, isPastEvent, relativeTime } from '../../src/lib/dates';
import { aProfileUser } from '../support/fixtures';

describe('dates as people read them', () => {
  it('when a UTC instant falls on the next day in Sydney, then the long date is the Sydney day', () => {
    // 14:00 UTC on 2 March is 1:00 on 3 March in Sydney (daylight time).
    expect(formatLongDate('2026-03-02T14:00:00.000Z')).toBe('3 March 2026');
    expect(formatLongDate(null)).toBe('—');
    expect(formatDateTime('2026-12-05T22:00:00.000Z')).toBe('Sun, 6 Dec 2026, 9:00 am');
  });

  it('when an event has ended, or has no end and has started, then it is past', () => {
    const now = Date.parse('2026-12-06T00:00:00.000Z');
    expect(isPastEvent({ start_time: '2026-12-05T20:00:00Z', end_time: '2026-12-05T23:59:00Z' }, now)).toBe(
      true,
    );
    expect(isPastEvent({ start_time: '2026-12-05T20:00:00Z', end_time: '2026-12-06T01:00:00Z' }, now)).toBe(
      false,
    );
    expect(isPastEvent({ start_time: '2026-12-05T20:00:00Z', end_time: null }, now)).toBe(true);
  });

  it('when times are relative, then the nearest unit is said in plain words', () => {
    const now = Date.parse('2026-12-06T00:00:00.000Z');
    const ago = (seconds: number) => new Date(now - seconds * 1000).toISOString();
    expect(relativeTime(ago(30), now)).toBe('just now');
    expect(relativeTime(ago(5 * 60), now)).toBe('5 minutes ago');
    expect(relativeTime(ago(26 * 3600), now)).toBe('yesterday');
    expect(relativeTime(ago(3 * 7 * 86400), now)).toBe('3 weeks ago');
    expect(relativeTime(ago(400 * 86400), now)).toBe('last year');
  });
});

describe('the profile form (docs/product.md#account-validation)', () => {
  const values = () => formValuesOf(aProfileUser());

  it('when the profile is opened, then the form holds it, an unknown availability as Available, and is unchanged', () => {
    const opened = formValuesOf(aProfileUser({ availability_status: 'Gone fishing' }));
    expect(opened.availability_status).toBe('Available');
    expect(opened.manual_handicap).toBe(12.4);
    expect(sameProfile(values(), values())).toBe(true);
    // Spaces around what was there are not a change: the same body would be sent.
    expect(sameProfile(values(), { ...values(), first_name: ' Mia ' })).toBe(true);
    expect(sameProfile(values(), { ...values(), first_name: 'Maya' })).toBe(false);
  });

  it('when names are emptied or text runs over its limit, then each field says so in the spec words', () => {
    const errors = validateProfile({
      ...values(),
      first_name: ' ',
      last_name: 'x'.repeat(PROFILE_TEXT_LIMITS.name + 1),
      club_memberships_text: 'x'.repeat(PROFILE_TEXT_LIMITS.clubMemberships + 1),
      availability_status_message: 'x'.repeat(PROFILE_TEXT_LIMITS.availabilityMessage + 1),
    });
    expect(errors).toEqual({
      first_name: NAME_MESSAGES.firstNameRequired,
      last_name: PROFILE_TEXT_MESSAGES.lastNameTooLong,
      club_memberships_text: PROFILE_TEXT_MESSAGES.clubMembershipsTooLong,
      availability_status_message: PROFILE_TEXT_MESSAGES.availabilityMessageTooLong,
    });
    expect(validateProfile({ ...values(), username: 'a' }).username).toBe(usernameError('a'));
  });

  it('when the handicap is out of range, has two decimals or is not a number, then it is refused as typed', () => {
    expect(validateProfile({ ...values(), manual_handicap: 55 }).manual_handicap).toBe(HANDICAP.rangeMessage);
    expect(validateProfile({ ...values(), manual_handicap: 12.45 }).manual_handicap).toBe(
      HANDICAP.decimalsMessage,
    );
    expect(validateProfile({ ...values(), manual_handicap: 'abc' }).manual_handicap).toBe(
      HANDICAP.rangeMessage,
    );
    expect(validateProfile({ ...values(), manual_handicap: '' })).toEqual({});
  });

  it('when it is sent, then text is trimmed, empty optional text is null and an empty handicap is none', () => {
    expect(
      bodyOf({
        ...values(),
        username: ' mia_g ',
        manual_handicap: '',
        club_memberships_text: '  ',
        availability_status_message: ' weekends ',
      }),
    ).toMatchObject({
      username: 'mia_g',
      manual_handicap: null,
      club_memberships_text: null,
      availability_status_message: 'weekends',
    });
    expect(firstInvalidField({ last_name: 'x', username: 'y' })).toBe('username');
  });
});

describe('the coach form (docs/product.md#admin-validation "Coach")', () => {
  const coach = { ...EMPTY_COACH, first_name: 'Sam', last_name: 'Lee', email: 'sam@linksmate.dev' };

  it('when required answers are missing or wrong, then each says why, and the first step with a problem is named', () => {
    expect(coachErrors(coach)).toEqual({});
    expect(coachErrors({ ...EMPTY_COACH, email: 'not-an-email' })).toEqual({
      first_name: ADMIN_COACH_MESSAGES.firstNameRequired,
      last_name: ADMIN_COACH_MESSAGES.lastNameRequired,
      email: ADMIN_COACH_MESSAGES.invalidEmail,
    });
    expect(coachErrors({ ...coach, years_experience: -1 }).years_experience).toBe(
      ADMIN_COACH_MESSAGES.yearsNotNegative,
    );
    expect(coachErrors({ ...coach, years_experience: COACH_YEARS_EXPERIENCE.max + 1 }).years_experience).toBe(
      `Years of experience cannot be more than ${COACH_YEARS_EXPERIENCE.max}`,
    );
    expect(coachErrors({ ...coach, years_experience: 2.5 }).years_experience).toBe(
      ADMIN_COACH_MESSAGES.yearsWhole,
    );
    expect(coachErrors({ ...coach, hourly_rate: -10 }).hourly_rate).toBe(
      ADMIN_COACH_MESSAGES.rateNotNegative,
    );
    expect(firstStepWith({ hourly_rate: 'x' })).toBe(2);
    expect(firstStepWith({})).toBe(-1);
  });

  it('when a coach is created, then the rate goes in cents, lists without repeats, with the default schedule; an edit leaves the schedule out', () => {
    const body = coachBody({ ...coach, hourly_rate: '85.5', specialties: 'putting, driving, putting, ' });
    expect(body.hourly_rate).toEqual({ Valid: true, Int32: 8550 });
    expect(body.specialties).toEqual({ Valid: true, RawMessage: ['putting', 'driving'] });
    expect(body.bio).toEqual({ Valid: false });
    expect(body).toHaveProperty('availability_schedule');
    expect(coachBody(coach, 'edit')).not.toHaveProperty('availability_schedule');
  });
});
