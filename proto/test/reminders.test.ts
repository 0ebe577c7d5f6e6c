import { describe, expect, it } from 'vitest';
import {
  bookingReminderWindow,
  directionsUrl,
  localStartTime,
  longDate,
  placeAddress,
  reminderLead,
  venueTimeZone,
} from '../src/rules/reminders';

describe('reminders: when they fall due and how their place is shown', () => {
  const start = new Date('2026-12-05T22:30:00.000Z');

  it('when a game starts, then the day-before reminder is sent from 24 h until 2 h before it, and the 2 h one until the start', () => {
    expect(bookingReminderWindow('24h', start)).toEqual({
      from: new Date('2026-12-04T22:30:00.000Z'),
      until: new Date('2026-12-05T20:30:00.000Z'),
    });
    expect(bookingReminderWindow('2h', start)).toEqual({
      from: new Date('2026-12-05T20:30:00.000Z'),
      until: start,
    });
  });

  it('when a reminder is made on time, then it says 24 or 2 hours; when late, then the lead it really has', () => {
    const before = (minutes: number) => new Date(start.getTime() - minutes * 60_000);
    expect(reminderLead(start, before(24 * 60 - 1))).toBe('In 24 hours');
    expect(reminderLead(start, before(2 * 60 - 3))).toBe('In 2 hours');
    expect(reminderLead(start, before(2 * 60 + 4))).toBe('In 2 hours');
    // An event moved to 10 hours away is not a day away; a late 2 hour reminder is not 2 hours off.
    expect(reminderLead(start, before(10 * 60))).toBe('In 10 hours');
    expect(reminderLead(start, before(85))).toBe('In 1 hour 25 minutes');
    expect(reminderLead(start, before(61))).toBe('In 1 hour');
    expect(reminderLead(start, before(40))).toBe('In 40 minutes');
    expect(reminderLead(start, before(1))).toBe('In 1 minute');
    expect(reminderLead(start, before(0))).toBe('In 1 minute');
  });

  it("when a start is shown, then it is the venue's wall clock with its zone's name, summer time where the state keeps it", () => {
    expect(localStartTime(start, venueTimeZone('QLD'))).toBe('Sun, 6 Dec 2026, 8:30 am AEST');
    expect(localStartTime(start, venueTimeZone('NSW'))).toBe('Sun, 6 Dec 2026, 9:30 am AEDT');
    expect(localStartTime(start, venueTimeZone('WA'))).toBe('Sun, 6 Dec 2026, 6:30 am AWST');
  });

  it('when the state is unknown, then Sydney’s clock is used', () => {
    expect(venueTimeZone(null)).toBe('Australia/Sydney');
    expect(venueTimeZone('XYZ')).toBe('Australia/Sydney');
  });

  it('when a date is told, then it reads as Australians write it', () => {
    expect(longDate(new Date('2026-12-12T03:00:00.000Z'))).toBe('12 December 2026');
    // Late on the 11th in UTC is already the 12th in Sydney.
    expect(longDate(new Date('2026-12-11T20:00:00.000Z'))).toBe('12 December 2026');
  });

  it('when a venue has coordinates, then directions lead to them; else to its name and address; else there are none', () => {
    expect(directionsUrl({ name: 'Royal Pines', lat: -28.0009, lng: 153.3832 })).toBe(
      'https://www.google.com/maps/dir/?api=1&destination=-28.0009%2C153.3832',
    );
    expect(
      directionsUrl({ name: 'Moore Park', address: '1 Cleveland St', city: 'Moore Park', state: 'NSW' }),
    ).toBe(
      'https://www.google.com/maps/dir/?api=1&destination=Moore%20Park%2C%201%20Cleveland%20St%2C%20Moore%20Park%2C%20NSW',
    );
    expect(directionsUrl({ name: ' ', address: null, lat: null, lng: null })).toBeNull();
  });

  it('when parts of an address are missing, then the rest is joined without gaps', () => {
    expect(placeAddress({ address: '1 Ross Street', city: null, state: 'QLD' })).toBe('1 Ross Street, QLD');
    expect(placeAddress({})).toBe('');
  });
});
