import type {
  AvailabilityBatchReply,
  AvailabilityReply,
  AvailabilitySlotFields,
  CoachesReply,
} from '@linksmate/proto';

const TIME_ZONE = 'Australia/Sydney';
const DAY = 24 * 3_600_000;

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

/** The wall-clock time in Sydney on the calendar day `inDays` after today, as an instant. */
function sydneyTime(today: Date, inDays: number, hhmm: string): Date {
  const day = new Date(today.getTime() + inDays * DAY);
  const date = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE }).format(day);
  const guess = new Date(`${date}T${hhmm}:00Z`);
  // The zone's offset at that moment (+10:00 or +11:00), taken off the wall-clock reading.
  const offset = new Intl.DateTimeFormat('en-US', { timeZone: TIME_ZONE, timeZoneName: 'longOffset' })
    .formatToParts(guess)
    .find((part) => part.type === 'timeZoneName')!
    .value.replace('GMT', '');
  const [hours, minutes] = (offset || '+00:00').split(':').map(Number) as [number, number];
  const sign = offset.startsWith('-') ? -1 : 1;
  return new Date(guess.getTime() - sign * (Math.abs(hours) * 60 + minutes) * 60_000);
}

function weekdayIn(today: Date, inDays: number): number {
  const name = new Intl.DateTimeFormat('en-US', { timeZone: TIME_ZONE, weekday: 'short' }).format(
    new Date(today.getTime() + inDays * DAY),
  );
  return ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(name);
}

/** Every slot of a weekly plan over the next two weeks (from tomorrow), in start order. */
function slotsOf(plan: WeeklySlot[], today: Date): AvailabilitySlotFields[] {
  const slots: Array<AvailabilitySlotFields & { at: number }> = [];
  for (let inDays = 1; inDays <= DAYS_AHEAD; inDays++) {
    const weekday = weekdayIn(today, inDays);
    for (const slot of plan.filter((p) => p.weekdays.includes(weekday)))
      for (const start of slot.starts) {
        const begins = sydneyTime(today, inDays, start);
        slots.push({
          ...slot.fields,
          at: begins.getTime(),
          start_time: begins.toISOString(),
          end_time: new Date(begins.getTime() + slot.minutes * 60_000).toISOString(),
        });
      }
  }
  return slots.sort((a, b) => a.at - b.at).map(({ at: _at, ...fields }) => fields);
}

async function call<T>(
  url: string,
  token: string,
  init: { method?: string; body?: unknown } = {},
): Promise<T> {
  const response = await fetch(url, {
    method: init.method ?? 'GET',
    headers: {
      authorization: `Bearer ${token}`,
      ...(init.body ? { 'content-type': 'application/json' } : {}),
    },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  if (!response.ok)
    throw new Error(`${init.method ?? 'GET'} ${url} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
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
  const existing = await call<AvailabilityReply>(`${urls.events}/admin/availability?limit=1`, admin);
  if (existing.total > 0) return 0;

  const venueId = async (slug: string) =>
    (await call<{ venue: { id: number } }>(`${urls.venues}/venues/slug/${slug}`, admin)).venue.id;
  const moorePark = await venueId('moore-park-golf');
  const theLakes = await venueId('the-lakes-golf-club');
  const { coaches } = await call<CoachesReply>(`${urls.venues}/coaches?limit=100`, admin);
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
  for (const { email, plan } of plans) {
    const token = email === 'admin@linksmate.dev' ? admin : await options.login(email);
    const slots = slotsOf(plan, today);
    for (let i = 0; i < slots.length; i += 50) {
      const { slots: created } = await call<AvailabilityBatchReply>(
        `${urls.events}/admin/availability/batch`,
        token,
        { method: 'POST', body: { slots: slots.slice(i, i + 50) } },
      );
      made += created.length;
      if (email === 'academy@linksmate.dev') byAcademy.push(...created.map((s) => s.id));
    }
  }
  // A lesson taken and one called off, as the coach would mark them.
  const [booked, cancelled] = byAcademy;
  const academy = await options.login('academy@linksmate.dev');
  if (booked)
    await call(`${urls.events}/admin/availability/${booked}`, academy, {
      method: 'PUT',
      body: { status: 'booked', notes_for_admin: 'Booked by phone: Oscar Pearce' },
    });
  if (cancelled)
    await call(`${urls.events}/admin/availability/${cancelled}`, academy, {
      method: 'PUT',
      body: { status: 'canceled', notes_for_admin: 'Coach away at a PGA course' },
    });
  return made;
}
