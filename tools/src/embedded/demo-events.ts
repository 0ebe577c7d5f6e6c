import type { NewTicketType } from '@linksmate/proto';
import type { DemoWhen } from './demo-calendar';
import { SATURDAY, SUNDAY, WEEKDAYS, WEEKEND } from './demo-calendar';

/** Nine holes on Wednesday afternoon. */
const WEDNESDAY = [3] as const;

/**
 * The demo calendar: official LinksMate events and member games at demo venues, their days counted
 * from the start of the run (so they are always upcoming when first seeded), with the people who
 * hold seats, ask to join or wait for a seat. People are named by their demo e-mail.
 */
export interface DemoOfficialEvent extends DemoWhen {
  title: string;
  description: string;
  /** Days after the seeding day (the first of its weekdays from then; demo-calendar.ts). */
  inDays: number;
  capacity: number;
  /** GST-exclusive cents; 0 for a free open event. */
  price: number;
  ticketTypes?: NewTicketType[];
  /** Seats given by the admin (docs/product.md#community-calls add-user); at a paid event they are complimentary. */
  confirmed?: string[];
  /** The coach who runs it (first and last name of a demo coach): their coach admin looks after it. */
  coach?: string;
}

export interface DemoMemberGame extends DemoWhen {
  title: string;
  description: string;
  creator: string;
  inDays: number;
  capacity: number;
  /** GST-exclusive cents, paid at the venue or to the creator; 0 for free. */
  price?: number;
  paymentMethod?: 'pay_at_venue' | 'pay_event_creator';
  minHandicap?: number;
  maxHandicap?: number;
  minSkillLevel?: 'beginner' | 'intermediate' | 'advanced' | 'pro';
  /** Seats already taken (given by the admin, as an approved request would leave them). */
  confirmed?: string[];
  /** Join requests waiting on the creator (members only: joining is gated). */
  pending?: string[];
  /** Members waiting for a seat of a full game. */
  waitlist?: string[];
}

const golfer = (username: string) => `${username}@golfers.linksmate.dev`;
const OLIVIA = 'olivia@linksmate.dev';
const JACK = 'jack@linksmate.dev';
const COACH = 'coach@linksmate.dev';

const standard = (price: number): NewTicketType => ({
  name: 'Standard Admission',
  description: 'Eighteen holes, cart share and lunch',
  price_per_ticket: price,
  currency: 'AUD',
});
const memberGuest = (price: number): NewTicketType => ({
  name: 'Member + Guest',
  description: 'Two players: you and a guest',
  price_per_ticket: price,
  currency: 'AUD',
});

export const DEMO_OFFICIAL_EVENTS: readonly DemoOfficialEvent[] = [
  {
    title: 'LinksMate Members Day at Royal Melbourne',
    description: 'Our flagship day on the West Course: shotgun start, stableford, presentation dinner.',
    venue: 'royal-melbourne-golf-club',
    inDays: 12,
    tee: '07:30',
    hours: 8,
    capacity: 72,
    price: 4500,
    ticketTypes: [
      standard(4500),
      memberGuest(8000),
      { name: 'Dinner Only', description: 'Presentation dinner', price_per_ticket: 3500, currency: 'AUD' },
    ],
    confirmed: [OLIVIA, JACK, golfer('harper_w'), golfer('ruby_f'), golfer('tom_v')],
  },
  {
    title: 'Twilight Social Nine at Moore Park',
    description: 'Free nine holes in the last of the light for members and friends. All levels welcome.',
    venue: 'moore-park-golf',
    inDays: 5,
    // Nine holes done as the sun sets, whatever the season.
    tee: { fromSunset: -150 },
    weekdays: WEEKDAYS,
    hours: 2.5,
    capacity: 24,
    price: 0,
    confirmed: [golfer('ethan_b'), golfer('oscar_p'), golfer('chloe_d')],
  },
  {
    title: 'Beginners Clinic and Scramble',
    description: 'An hour of coaching on the range, then a friendly four-person ambrose.',
    venue: 'albert-park-golf-course',
    inDays: 9,
    tee: '09:00',
    hours: 4,
    capacity: 16,
    price: 0,
    confirmed: [golfer('zara_k'), golfer('isla_r'), golfer('amelia_c'), golfer('emma_r')],
  },
  {
    title: 'Junior Golf Clinic with Priya Raman',
    description:
      'Two hours for 8 to 14 year olds: grip, stance and a game on the range. Clubs provided; parents welcome.',
    venue: 'moore-park-golf',
    inDays: 3,
    tee: '09:30',
    weekdays: WEEKEND,
    hours: 2,
    capacity: 12,
    price: 0,
    coach: 'Priya Raman',
    confirmed: [golfer('oscar_p'), golfer('chloe_d'), golfer('zara_k')],
  },
  {
    title: 'Short Game School with Priya Raman',
    description: 'Three hours of chipping, pitching and bunker play at The Lakes, in groups of five.',
    venue: 'the-lakes-golf-club',
    inDays: 10,
    tee: '13:00',
    hours: 3,
    capacity: 10,
    price: 6000,
    ticketTypes: [
      {
        name: 'Clinic',
        description: 'Three hours of coaching, range balls included',
        price_per_ticket: 6000,
        currency: 'AUD',
      },
      {
        name: 'Clinic and Lunch',
        description: 'The clinic, then lunch in the clubhouse',
        price_per_ticket: 8500,
        currency: 'AUD',
      },
    ],
    coach: 'Priya Raman',
    confirmed: [golfer('isla_r')],
  },
  {
    title: 'Sandbelt Classic Team Event',
    description: 'Teams of four on a Sandbelt classic. Best two scores count.',
    venue: 'kingston-heath-golf-club',
    inDays: 20,
    tee: '08:10',
    hours: 6,
    capacity: 48,
    price: 6500,
    ticketTypes: [standard(6500), memberGuest(12000)],
    confirmed: [golfer('will_a'), golfer('mei_h')],
  },
  {
    title: 'Queensland Open Day',
    description: 'Eighteen holes on the Brisbane River and a barbecue lunch on the deck.',
    venue: 'royal-queensland-golf-club',
    inDays: 16,
    tee: '08:30',
    hours: 6,
    capacity: 40,
    price: 4500,
    ticketTypes: [standard(4500), memberGuest(8000)],
    confirmed: [golfer('grace_o')],
  },
  {
    title: 'Open Putting Evening',
    description: 'A free evening on the practice greens, with prizes for the longest putt.',
    venue: 'the-lakes-golf-club',
    inDays: 3,
    tee: '16:30',
    hours: 2,
    capacity: 30,
    price: 0,
    confirmed: [golfer('josh_t'), golfer('lachie_m'), golfer('sam_k'), golfer('layla_b'), golfer('mei_h')],
  },
  {
    title: 'Adelaide Hills Charity Ambrose',
    description: 'All green fees to the local junior golf program.',
    venue: 'kooyonga-golf-club',
    inDays: 25,
    tee: '08:00',
    hours: 5,
    capacity: 36,
    price: 5000,
    ticketTypes: [standard(5000), memberGuest(9000)],
    confirmed: [golfer('ben_h'), golfer('priya_s')],
  },
  {
    title: 'Perth Sunrise Nine',
    description: 'A free nine on the coast as the sun comes up, back for breakfast.',
    venue: 'royal-perth-golf-club',
    inDays: 7,
    tee: { fromSunrise: 15 },
    hours: 3,
    capacity: 12,
    price: 0,
    confirmed: [golfer('nate_s'), golfer('will_a')],
  },
];

export const DEMO_MEMBER_GAMES: readonly DemoMemberGame[] = [
  {
    title: "Olivia's Saturday Stableford",
    description: 'Relaxed stableford, coffee at the clubhouse after. Any handicap.',
    creator: OLIVIA,
    venue: 'royal-melbourne-golf-club',
    inDays: 4,
    tee: '08:20',
    weekdays: SATURDAY,
    hours: 5,
    capacity: 4,
    confirmed: [golfer('ruby_f')],
    pending: [JACK, golfer('harper_w')],
  },
  {
    title: 'Midweek Nine at Albert Park',
    description: 'Nine holes on Wednesday afternoon. Beginners very welcome.',
    creator: OLIVIA,
    venue: 'albert-park-golf-course',
    inDays: 2,
    tee: '13:40',
    weekdays: WEDNESDAY,
    hours: 3,
    capacity: 4,
    pending: [golfer('grace_o'), COACH],
  },
  {
    title: 'Low Markers Medal Round',
    description: 'A serious medal round for single-figure to mid handicaps.',
    creator: OLIVIA,
    venue: 'kingston-heath-golf-club',
    inDays: 10,
    tee: '07:50',
    hours: 5,
    capacity: 4,
    price: 2500,
    paymentMethod: 'pay_at_venue',
    minHandicap: 0,
    maxHandicap: 18,
    confirmed: [golfer('harper_w')],
    pending: [golfer('mei_h')],
  },
  {
    title: "Jack's Early Bird Four-Ball",
    description: 'First off the tee, back by nine. Better ball.',
    creator: JACK,
    venue: 'moore-park-golf',
    inDays: 3,
    tee: '06:30',
    hours: 4,
    capacity: 4,
    confirmed: [golfer('ethan_b'), golfer('oscar_p'), golfer('chloe_d')],
  },
  {
    title: 'The Lakes Skins Game',
    description: 'Skins for bragging rights. Full game: join the waitlist.',
    creator: JACK,
    venue: 'the-lakes-golf-club',
    inDays: 6,
    tee: '11:20',
    hours: 5,
    capacity: 4,
    confirmed: [golfer('josh_t'), golfer('lachie_m'), golfer('sam_k'), golfer('layla_b')],
    waitlist: [OLIVIA, golfer('grace_o')],
  },
  {
    title: 'Sunday Social Scramble',
    description: 'Four-person scramble, lunch after. Split the green fee on the day.',
    creator: JACK,
    venue: 'royal-sydney-golf-club',
    inDays: 8,
    tee: '09:10',
    weekdays: SUNDAY,
    hours: 5,
    capacity: 8,
    price: 1500,
    paymentMethod: 'pay_event_creator',
    confirmed: [golfer('mei_h'), golfer('cooper_j')],
    pending: [golfer('ben_h')],
  },
  {
    title: 'Short Game Practice Round',
    description: 'Nine holes with extra chips and putts; tips from a coach.',
    creator: COACH,
    venue: 'albert-park-golf-course',
    inDays: 5,
    tee: '14:30',
    hours: 3,
    capacity: 6,
    minSkillLevel: 'beginner',
    confirmed: [golfer('zara_k'), golfer('isla_r')],
  },
  {
    title: 'Brisbane River Nine',
    description: 'An easy nine by the river after work.',
    creator: COACH,
    venue: 'royal-queensland-golf-club',
    inDays: 11,
    tee: '16:10',
    weekdays: WEEKDAYS,
    hours: 3,
    capacity: 4,
    confirmed: [golfer('grace_o')],
  },
  {
    title: 'Adelaide Weekend Fourball',
    description: 'Fourball match play, teams drawn on the tee.',
    creator: OLIVIA,
    venue: 'kooyonga-golf-club',
    inDays: 14,
    tee: '08:40',
    weekdays: WEEKEND,
    hours: 5,
    capacity: 4,
    confirmed: [golfer('ben_h'), golfer('priya_s')],
  },
  {
    title: 'Perth Coastal Stableford',
    description: 'Stableford with a sea breeze. Handicaps 10 to 30.',
    creator: JACK,
    venue: 'royal-perth-golf-club',
    inDays: 9,
    tee: '07:20',
    hours: 5,
    capacity: 4,
    minHandicap: 10,
    maxHandicap: 30,
    confirmed: [golfer('nate_s')],
  },
  {
    title: 'Canberra Morning Round',
    description: 'Eighteen holes under the Brindabellas, a coffee at the turn.',
    creator: COACH,
    venue: 'royal-canberra-golf-club',
    inDays: 13,
    tee: '08:30',
    hours: 5,
    capacity: 4,
    confirmed: [golfer('cooper_j'), golfer('tom_v'), golfer('will_a')],
  },
  {
    title: 'Hobart Links Day Trip',
    description: 'Car pool from the city; eighteen holes and fish and chips.',
    creator: OLIVIA,
    venue: 'royal-hobart-golf-club',
    inDays: 18,
    tee: '10:30',
    hours: 6,
    capacity: 8,
    price: 3000,
    paymentMethod: 'pay_event_creator',
    confirmed: [
      golfer('hamish_g'),
      golfer('jake_w'),
      golfer('sienna_l'),
      golfer('amelia_c'),
      golfer('emma_r'),
    ],
    pending: [golfer('will_a')],
  },
];

/** The members among the demo golfers (so they can ask to join and wait for seats). */
export const DEMO_MEMBER_GOLFERS = ['harper_w', 'grace_o', 'mei_h', 'ben_h', 'will_a'] as const;
