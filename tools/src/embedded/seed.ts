import { SERVICE_TOKEN_HEADER } from '@linksmate/platform';
import type { CreateAccountBody } from '@linksmate/proto';
import { DEMO_MEMBER_GOLFERS } from './demo-events';
import { timed } from './phases';
import { seedAdminArea } from './seed-admin';
import { seedAvailability } from './seed-availability';
import {
  type DirectorySeeded,
  inParallel,
  seedDirectory,
  seedVenuePictures,
  startDemoMedia,
} from './seed-directory';
import { seedEvents } from './seed-events';
import { seedMessages } from './seed-messages';

/** What a start added to the demo data: the directory, and the demo calendar's events. */
export type DemoSeeded = DirectorySeeded & { events: number; messages: number; admin: number };

/** A demo person: an account as the platform makes it, and the membership it is granted, if any. */
type DemoPerson = Omit<CreateAccountBody, 'password' | 'verified'> & { membership?: 'annual' };

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
  // The scoped admin roles (spec 3 §2): a venue's manager, and a coach who runs a coaching business.
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

async function postJson(url: string, serviceToken: string, body: unknown) {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [SERVICE_TOKEN_HEADER]: serviceToken },
    body: JSON.stringify(body),
  });
}

/**
 * Demo people's tokens, from identity's own login. Each login is a session (one a person's profile
 * lists); `endAll` logs them out once seeding is done, so only the person's own logins show there.
 */
export class DemoLogins {
  private readonly cookies: string[] = [];

  constructor(private readonly identityUrl: string) {}

  readonly login = async (email: string): Promise<string> => {
    const response = await fetch(`${this.identityUrl}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: DEMO_PASSWORD }),
    });
    if (response.status !== 200) throw new Error(`Logging in as ${email} failed: ${response.status}`);
    const cookie = response.headers.getSetCookie()[0]?.split(';')[0];
    if (cookie) this.cookies.push(cookie);
    return ((await response.json()) as { token: string }).token;
  };

  private readonly tokens = new Map<string, Promise<string>>();

  /**
   * The person's token from one login for the whole of seeding: each login costs identity a
   * password check (argon2, ~40 ms of a core), and the steps ask for the same few people again
   * and again. A token whose claims must be new (a membership granted since) comes from `login`.
   */
  readonly token = (email: string): Promise<string> => {
    let token = this.tokens.get(email);
    if (!token) {
      token = this.login(email);
      // A failed login is not kept: the step that asked reports it, and a later one tries again.
      token.catch(() => this.tokens.delete(email));
      this.tokens.set(email, token);
    }
    return token;
  };

  async endAll(): Promise<void> {
    this.tokens.clear();
    const cookies = this.cookies.splice(0);
    for (const cookie of cookies) {
      await fetch(`${this.identityUrl}/auth/logout`, { method: 'POST', headers: { cookie } });
    }
  }
}

/**
 * Creates the demo people that do not exist yet, and grants the memberships ARCHITECTURE.md names
 * (olivia and jack annual; mia and liam none, to show the gate); then the demo venues, coaches and
 * venue pictures that are missing, and the demo calendar's events. Running it again changes nothing.
 */
export async function seedDemoData(
  urls: {
    identity: string;
    payments: string;
    venues: string;
    events: string;
    messaging: string;
    admin: string;
  },
  serviceToken: string,
  options: { ffmpegPath: string },
): Promise<DemoSeeded> {
  const media = await startDemoMedia({ venues: urls.venues }, options.ffmpegPath);
  // Two at a time: each account's password is hashed (argon2, ~40 ms of a core and 19 MiB) on the
  // service's thread pool, so one at a time leaves the second core idle. Each still gets a hash of
  // its own, with its own salt.
  await timed('seed accounts', () =>
    inParallel([...DEMO_ACCOUNTS, ...DEMO_GOLFERS], 2, async (account) => {
      const { membership, ...fields } = account;
      const response = await postJson(`${urls.identity}/internal/accounts`, serviceToken, {
        ...fields,
        password: DEMO_PASSWORD,
        verified: true,
      });
      if (response.status === 409) return;
      if (response.status !== 201) {
        throw new Error(`Seeding ${account.email} failed: ${response.status} ${await response.text()}`);
      }
      if (!membership) return;
      const { user } = (await response.json()) as { user: { id: number } };
      const grant = await postJson(`${urls.payments}/internal/memberships/grant`, serviceToken, {
        user_id: user.id,
        membership_type: membership,
      });
      if (grant.status !== 200) {
        throw new Error(
          `Granting ${account.email} a membership failed: ${grant.status} ${await grant.text()}`,
        );
      }
    }),
  );
  const logins = new DemoLogins(urls.identity);
  const { login, token } = logins;
  try {
    const directory = await timed('seed directory', () =>
      seedDirectory({ venues: urls.venues }, serviceToken, { login: token }),
    );
    // The pictures (CPU: drawing, re-encoding, the video) go on while the calendar, messages and
    // admin area are made (mostly waiting on the services), instead of before them.
    const [uploads, { events, messages, admin }] = await Promise.all([
      timed('seed venue pictures', () =>
        seedVenuePictures({ venues: urls.venues }, { ffmpegPath: options.ffmpegPath, login: token, media }),
      ),
      (async () => {
        const events = await timed('seed events', () => seedEvents(urls, { login, token, serviceToken }));
        const messages = await timed('seed messages', () => seedMessages(urls, { login: token }));
        const admin =
          (await timed('seed admin area', () => seedAdminArea(urls, { login: token }))) +
          (await timed('seed availability', () => seedAvailability(urls, { login: token })));
        return { events, messages, admin };
      })(),
    ]);
    return { ...directory, uploads, events, messages, admin };
  } finally {
    await timed('seed logouts', () => logins.endAll());
  }
}

export function demoLoginsText(): string {
  const width = Math.max(...DEMO_ACCOUNTS.map((a) => a.email.length));
  return DEMO_ACCOUNTS.map(
    (a) => `    ${a.email.padEnd(width)}  ${a.role.padEnd(14)}  password ${DEMO_PASSWORD}`,
  ).join('\n');
}
