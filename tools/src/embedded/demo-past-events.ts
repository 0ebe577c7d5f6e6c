import type { DemoWhen } from './demo-calendar';
import { WEEKDAYS } from './demo-calendar';

/** The demo's people, by their demo e-mail (as in demo-events.ts). */
const golfer = (username: string) => `${username}@golfers.linksmate.dev`;
const OLIVIA = 'olivia@linksmate.dev';
const JACK = 'jack@linksmate.dev';

/**
 * Rounds already played: games and an official day from the weeks before the run, with who played
 * (and a request that was turned down), so 'Past Event' and the Rejected filter show something. No
 * public call makes a past event; these come in through events-bookings' import route.
 */
export interface DemoPastEvent extends DemoWhen {
  title: string;
  description: string;
  official?: boolean;
  creator: string;
  /** Days before the seeding day (the first of its weekdays before then; demo-calendar.ts). */
  daysAgo: number;
  capacity: number;
  price?: number;
  played: string[];
  rejected?: string[];
  /** The coach who ran it (first and last name of a demo coach). */
  coach?: string;
}

export const DEMO_PAST_EVENTS: readonly DemoPastEvent[] = [
  {
    title: 'Stableford at The Lakes',
    description: 'Eighteen holes of stableford; a coffee at the turn.',
    creator: OLIVIA,
    venue: 'the-lakes-golf-club',
    daysAgo: 21,
    tee: '08:00',
    hours: 5,
    capacity: 4,
    played: [JACK, golfer('harper_w'), golfer('ruby_f')],
    rejected: [golfer('ben_h')],
  },
  {
    title: 'Putting Masterclass with Priya Raman',
    description: 'Ninety minutes on the practice green: reading slopes and pace control from six feet in.',
    official: true,
    creator: 'admin@linksmate.dev',
    venue: 'moore-park-golf',
    daysAgo: 4,
    tee: '10:00',
    hours: 2,
    capacity: 8,
    coach: 'Priya Raman',
    played: [golfer('ethan_b'), golfer('amelia_c'), golfer('emma_r'), golfer('oscar_p')],
  },
  {
    title: 'Albert Park Early Nine',
    description: 'Nine holes before work, walking.',
    creator: OLIVIA,
    venue: 'albert-park-golf-course',
    daysAgo: 9,
    tee: '06:30',
    weekdays: WEEKDAYS,
    hours: 2,
    capacity: 4,
    played: [golfer('zara_k'), golfer('isla_r')],
  },
  {
    title: 'Kingston Heath Match Play',
    description: 'Fourball match play on the Sandbelt, teams drawn on the first tee.',
    creator: JACK,
    venue: 'kingston-heath-golf-club',
    daysAgo: 14,
    tee: '09:20',
    hours: 5,
    capacity: 4,
    price: 2000,
    played: [OLIVIA, golfer('will_a'), golfer('mei_h')],
  },
  {
    title: 'Moore Park Sunset Scramble',
    description: 'A four-person ambrose finishing at dusk. Olivia asked late and the field was set.',
    creator: JACK,
    venue: 'moore-park-golf',
    daysAgo: 5,
    // Three hours before sunset: the last putt drops as the sun goes down.
    tee: { fromSunset: -180 },
    hours: 3,
    capacity: 4,
    played: [golfer('ethan_b'), golfer('oscar_p'), golfer('chloe_d')],
    rejected: [OLIVIA],
  },
  {
    title: 'LinksMate Cup at Royal Sydney',
    description: 'Our cup day: stableford, longest drive, nearest the pin and lunch.',
    official: true,
    creator: 'admin@linksmate.dev',
    venue: 'royal-sydney-golf-club',
    daysAgo: 28,
    tee: '08:00',
    hours: 7,
    capacity: 40,
    played: [OLIVIA, JACK, golfer('harper_w'), golfer('grace_o'), golfer('tom_v'), golfer('layla_b')],
  },
];
