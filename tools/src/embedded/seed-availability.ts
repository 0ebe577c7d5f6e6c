import {
  AVAILABILITY_BATCH,
  type AvailabilityBatchReply,
  type AvailabilityReply,
  type AvailabilitySlotFields,
  type CoachesReply,
  instantAt,
  wallClockAt,
} from '@linksmate/proto';
import { call } from './seed-admin';

const TIME_ZONE = 'Australia/Sydney';

/** How far ahead the demo's times are offered: the next two weeks, as a coach or club would. */
const DAYS_AHEAD = 14;

/** A slot of the demo's week: on which weekdays (0 Sunday), when (Sydney time) and what it is. */
interface WeeklySlot {
  weekdays: number[];
  /** Local starts, `HH:MM`. */
  starts: string[];
  minutes: number;
  fields: Omit<AvailabilitySlotFields, 'start_time' | 'end_time'>;
}

/**
 * The calendar days from tomorrow to DAYS_AHEAD in Sydney, each with its weekday and the instant a
 * Sydney clock reads `HH:MM` on it.
 */
function sydneyDaysAhead(today: Date) {
  const { year, month, day } = wallClockAt(today, TIME_ZONE);
  return Array.from({ length: DAYS_AHEAD }, (_, i) => {
    const date = { year, month, day: day + i + 1 };
    return {
      // Noon: no change of offset moves it to another day.
      weekday: wallClockAt(instantAt({ ...date, hour: 12 }, TIME_ZONE), TIME_ZONE).weekday,
      at: (hhmm: string) => {
        const [hour, minute] = hhmm.split(':').map(Number) as [number, number];
        return instantAt({ ...date, hour, minute }, TIME_ZONE);
      },
    };
  });
}

/** Every slot of a weekly plan over the next two weeks (from tomorrow), in start order. */
function slotsOf(plan: WeeklySlot[], today: Date): AvailabilitySlotFields[] {
  const slots: Array<AvailabilitySlotFields & { at: number }> = [];
  for (const day of sydneyDaysAhead(today))
    for (const slot of plan.filter((p) => p.weekdays.includes(day.weekday)))
      for (const start of slot.starts) {
        const begins = day.at(start);
        slots.push({
          ...slot.fields,
          at: begins.getTime(),
          start_time: begins.toISOString(),
          end_time: new Date(begins.getTime() + slot.minutes * 60_000).toISOString(),
        });
      }
  return slots.sort((a, b) => a.at - b.at).map(({ at: _at, ...fields }) => fields);
}

/**
 * The admin area's Manage Availability demo: the times the demo coach admin (Priya Raman's lessons
 * and clinics), the venue manager (Moore Park's range clinics and a corporate day) and the site admin
 * (The Lakes, waiting to be confirmed) offer over the next two weeks, through the batch call each
 * would use; then one lesson booked and one cancelled, so every status shows. Only when none exist.
 */
export async function seedAvailability(
  urls: { events: string; venues: string },
  options: { login: (email: string) => Promise<string>; now?: Date },
): Promise<number> {
  const today = options.now ?? new Date();
  const admin = await options.login('admin@linksmate.dev');
  const existing = await call<AvailabilityReply>(`${urls.events}/admin/availability?limit=1`, {
    token: admin,
  });
  if (existing.total > 0) return 0;

  const venueId = async (slug: string) =>
    (await call<{ venue: { id: number } }>(`${urls.venues}/venues/slug/${slug}`)).venue.id;
  const moorePark = await venueId('moore-park-golf');
  const theLakes = await venueId('the-lakes-golf-club');
  const { coaches } = await call<CoachesReply>(`${urls.venues}/coaches?limit=100`);
  const priya = coaches.find((c) => c.first_name === 'Priya' && c.last_name === 'Raman');

  const plans: Array<{ email: string; plan: WeeklySlot[] }> = [
    {
      email: 'academy@linksmate.dev',
      plan: [
        {
          weekdays: [1, 2, 3, 4, 5],
          starts: ['16:00', '17:00', '18:00'],
          minutes: 60,
          fields: {
            slot_type: 'individual',
            price: 9_500,
            capacity: 1,
            venue_id: moorePark,
            coach_profile_id: priya?.id ?? null,
            notes_for_admin: 'Private lesson under lights; video review included',
          },
        },
        {
          weekdays: [6],
          starts: ['15:00'],
          minutes: 90,
          fields: {
            slot_type: 'group',
            price: 4_500,
            capacity: 6,
            venue_id: theLakes,
            coach_profile_id: priya?.id ?? null,
            notes_for_admin: 'Junior clinic (8-14), clubs provided',
          },
        },
      ],
    },
    {
      email: 'venue@linksmate.dev',
      plan: [
        {
          weekdays: [0, 6],
          starts: ['07:00', '08:30'],
          minutes: 75,
          fields: {
            slot_type: 'group',
            price: 3_500,
            capacity: 8,
            venue_id: moorePark,
            notes_for_admin: 'Range clinic, two buckets each',
          },
        },
        {
          weekdays: [5],
          starts: ['12:00'],
          minutes: 240,
          fields: {
            slot_type: 'event',
            price: 0,
            capacity: 24,
            venue_id: moorePark,
            notes_for_admin: 'Corporate day: price agreed per booking',
          },
        },
      ],
    },
    {
      email: 'admin@linksmate.dev',
      plan: [
        {
          weekdays: [3],
          starts: ['10:00'],
          minutes: 120,
          fields: {
            slot_type: 'group',
            price: 6_000,
            capacity: 12,
            venue_id: theLakes,
            status: 'pending',
            notes_for_admin: 'Awaiting tee sheet confirmation from the club',
          },
        },
      ],
    },
  ];

  let made = 0;
  const byAcademy: number[] = [];
  const academy = await options.login('academy@linksmate.dev');
  const tokens: Record<string, string> = {
    'admin@linksmate.dev': admin,
    'academy@linksmate.dev': academy,
  };
  for (const { email, plan } of plans) {
    const token = tokens[email] ?? (await options.login(email));
    const slots = slotsOf(plan, today);
    for (let i = 0; i < slots.length; i += AVAILABILITY_BATCH.maxSlots) {
      const { slots: created } = await call<AvailabilityBatchReply>(
        `${urls.events}/admin/availability/batch`,
        {
          token,
          method: 'POST',
          body: JSON.stringify({ slots: slots.slice(i, i + AVAILABILITY_BATCH.maxSlots) }),
        },
      );
      made += created.length;
      if (token === academy) byAcademy.push(...created.map((s) => s.id));
    }
  }
  // A lesson taken and one called off, as the coach would mark them.
  const marks = [
    { status: 'booked', notes_for_admin: 'Booked by phone: Oscar Pearce' },
    { status: 'canceled', notes_for_admin: 'Coach away at a PGA course' },
  ] as const;
  for (const [i, mark] of marks.entries()) {
    const slot = byAcademy[i];
    if (slot)
      await call(`${urls.events}/admin/availability/${slot}`, {
        token: academy,
        method: 'PUT',
        body: JSON.stringify(mark),
      });
  }
  return made;
}
