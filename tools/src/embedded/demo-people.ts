import type { CreateAccountBody } from '@linksmate/proto';
import { DEMO_MEMBER_GOLFERS } from './demo-events';

/** A demo person: an account as the platform makes it, and the membership it is granted, if any. */
export type DemoPerson = Omit<CreateAccountBody, 'password' | 'verified'> & { membership?: 'annual' };

export const DEMO_PASSWORD = 'Fairway!2026';

/** The demo people a newcomer can log in as at once. */
export const DEMO_ACCOUNTS: readonly DemoPerson[] = [
  { role: 'admin', email: 'admin@linksmate.dev', username: 'admin', first_name: 'Alex', last_name: 'Admin' },
  {
    role: 'coach',
    email: 'coach@linksmate.dev',
    username: 'coach_sam',
    first_name: 'Sam',
    last_name: 'Fairweather',
    skill_level: 'pro',
    manual_handicap: 0,
  },
  // The scoped admin roles (docs/product.md#admin-sections): a venue's manager, and a coach who runs a coaching business.
  {
    role: 'facility_admin',
    email: 'venue@linksmate.dev',
    username: 'nadia_r',
    first_name: 'Nadia',
    last_name: 'Rossi',
  },
  {
    role: 'coach_admin',
    email: 'academy@linksmate.dev',
    username: 'priya_raman',
    first_name: 'Priya',
    last_name: 'Raman',
  },
  {
    role: 'member',
    email: 'olivia@linksmate.dev',
    username: 'olivia_n',
    first_name: 'Olivia',
    last_name: 'Nguyen',
    skill_level: 'intermediate',
    manual_handicap: 14.2,
    club_memberships_text: 'Royal Melbourne Golf Club',
    membership: 'annual',
  },
  {
    role: 'member',
    email: 'jack@linksmate.dev',
    username: 'jack_t',
    first_name: 'Jack',
    last_name: 'Thompson',
    skill_level: 'advanced',
    manual_handicap: 6.8,
    club_memberships_text: 'The Australian Golf Club',
    membership: 'annual',
  },
  {
    role: 'member',
    email: 'mia@linksmate.dev',
    username: 'mia_p',
    first_name: 'Mia',
    last_name: 'Patel',
    skill_level: 'beginner',
    manual_handicap: 28,
  },
  {
    role: 'member',
    email: 'liam@linksmate.dev',
    username: 'liam_oc',
    first_name: 'Liam',
    last_name: "O'Connor",
    skill_level: 'intermediate',
    manual_handicap: 18.5,
  },
];

type Availability = 'Available' | 'Unavailable' | 'playing';

/**
 * Golfers who fill the player lists (invented people at real Australian clubs), enough for every
 * skill level and availability to show players and for discovery to have more than one page.
 */
const golfer = (
  username: string,
  first_name: string,
  last_name: string,
  skill_level: 'beginner' | 'intermediate' | 'advanced' | 'pro',
  manual_handicap: number | null,
  club_memberships_text: string | null,
  availability_status: Availability = 'Available',
  availability_status_message: string | null = null,
): DemoPerson => ({
  role: 'member',
  email: `${username}@golfers.linksmate.dev`,
  username,
  first_name,
  last_name,
  skill_level,
  manual_handicap,
  club_memberships_text,
  availability_status,
  availability_status_message,
});

const GOLFERS: readonly DemoPerson[] = [
  golfer(
    'harper_w',
    'Harper',
    'Whitfield',
    'advanced',
    4.3,
    'Kingston Heath Golf Club',
    'Available',
    'Midweek mornings',
  ),
  golfer(
    'ethan_b',
    'Ethan',
    'Brennan',
    'intermediate',
    16.1,
    'Moore Park Golf',
    'playing',
    'Out on the back nine',
  ),
  golfer('zara_k', 'Zara', 'Kowalski', 'beginner', 36, null, 'Available', 'Keen for a relaxed nine'),
  golfer(
    'lachie_m',
    'Lachlan',
    'McAllister',
    'pro',
    -2.4,
    'Royal Sydney Golf Club',
    'Unavailable',
    'Touring until March',
  ),
  golfer('chloe_d', 'Chloe', 'Dimitriou', 'intermediate', 19.5, 'Eastlake Golf Club', 'Available', null),
  golfer(
    'ben_h',
    'Ben',
    'Hollis',
    'advanced',
    8.9,
    'Royal Adelaide Golf Club',
    'Available',
    'Saturday comps',
  ),
  golfer('isla_r', 'Isla', 'Rowe', 'beginner', null, null, 'Available', 'New to golf, happy to learn'),
  golfer('tom_v', 'Tom', 'Vella', 'intermediate', 22.4, 'Yarra Bend Golf Course', 'playing', null),
  golfer(
    'grace_o',
    'Grace',
    'Okafor',
    'advanced',
    5.7,
    'Royal Queensland Golf Club',
    'Available',
    'Early tee times',
  ),
  golfer(
    'nate_s',
    'Nathan',
    'Sorensen',
    'intermediate',
    14.8,
    'Lake Karrinyup Country Club',
    'Unavailable',
    null,
  ),
  golfer('amelia_c', 'Amelia', 'Castellano', 'beginner', 40.2, 'Albert Park Golf Course', 'Available', null),
  golfer(
    'josh_t',
    'Josh',
    'Tuipulotu',
    'pro',
    0.6,
    'The Lakes Golf Club',
    'Available',
    'Happy to help with short game',
  ),
  golfer(
    'ruby_f',
    'Ruby',
    'Fitzgerald',
    'intermediate',
    17.3,
    'Victoria Golf Club',
    'playing',
    'Twilight round today',
  ),
  golfer('will_a', 'William', 'Ashby', 'advanced', 9.2, 'Royal Perth Golf Club', 'Available', null),
  golfer('sienna_l', 'Sienna', 'Lambert', 'beginner', 32.7, null, 'Unavailable', 'Back after the holidays'),
  golfer(
    'cooper_j',
    'Cooper',
    'Jamieson',
    'intermediate',
    12.6,
    'Royal Canberra Golf Club',
    'Available',
    'Weekends',
  ),
  golfer(
    'mei_h',
    'Mei',
    'Huang',
    'advanced',
    3.9,
    'New South Wales Golf Club',
    'Available',
    'Links golf fan',
  ),
  golfer('oscar_p', 'Oscar', 'Pearce', 'beginner', null, 'Moore Park Golf', 'playing', null),
  golfer('layla_b', 'Layla', 'Bishara', 'intermediate', 20.1, 'Metropolitan Golf Club', 'Available', null),
  golfer(
    'hamish_g',
    'Hamish',
    'Gordon',
    'pro',
    1.1,
    'Royal Hobart Golf Club',
    'Available',
    'Practising for the state open',
  ),
  golfer('priya_s', 'Priya', 'Sharma', 'intermediate', 15.5, 'Kooyonga Golf Club', 'Unavailable', null),
  golfer(
    'jake_w',
    'Jake',
    'Wilkinson',
    'advanced',
    7.0,
    'Barnbougle Dunes',
    'Available',
    'Travelling golfer',
  ),
  golfer(
    'emma_r',
    'Emma',
    'Rasmussen',
    'beginner',
    44.0,
    'Darwin Golf Club',
    'Available',
    'Lessons on Thursdays',
  ),
  golfer('sam_k', 'Samir', 'Khalil', 'intermediate', 18.8, 'Royal Fremantle Golf Club', 'playing', null),
];

/** The golfers, a few of them members (they ask to join the demo games and wait for seats). */
export const DEMO_GOLFERS: readonly DemoPerson[] = GOLFERS.map((g) =>
  (DEMO_MEMBER_GOLFERS as readonly (string | undefined)[]).includes(g.username)
    ? { ...g, membership: 'annual' }
    : g,
);
