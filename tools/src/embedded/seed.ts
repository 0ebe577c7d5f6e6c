import { hashPassword } from '@linksmate/identity';
import { SERVICE_TOKEN_HEADER } from '@linksmate/platform';
import { DEMO_ACCOUNTS, DEMO_GOLFERS, DEMO_PASSWORD } from './demo-people';
import { timed } from './phases';
import { seedAdminArea } from './seed-admin';
import { seedAvailability } from './seed-availability';
import {
  type DemoMedia,
  type DirectorySeeded,
  inParallel,
  seedDirectory,
  seedTypicalCourses,
  seedVenuePictures,
  startDemoMedia,
} from './seed-directory';
import { seedEvents } from './seed-events';
import { seedMessages } from './seed-messages';
import { seedResults } from './seed-results';
import { seedRounds } from './seed-rounds';

export { DEMO_ACCOUNTS, DEMO_GOLFERS, DEMO_PASSWORD };

/** What a start added to the demo data: the directory, and the demo calendar's events. */
export type DemoSeeded = DirectorySeeded & {
  courses: number;
  rounds: number;
  events: number;
  /** The finished game's results (seed-results.ts). */
  results: number;
  messages: number;
  admin: number;
  payments: number;
};

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
 * Creates the demo people that do not exist yet, and grants the memberships the README's demo people have
 * (olivia and jack annual; mia and liam none, to show the gate); then the demo venues, coaches and
 * venue pictures that are missing, and the demo calendar's events. Running it again changes nothing.
 * `media`: the pictures already being drawn (a fresh venues database); else they are started here.
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
  options: {
    ffmpegPath: string;
    media?: DemoMedia;
    /** The demo's card payments (through the gateway): made once the accounts are, beside the rest. */
    payments?: () => Promise<number>;
  },
): Promise<DemoSeeded> {
  const media = options.media ?? (await startDemoMedia({ venues: urls.venues }, options.ffmpegPath));
  // One hash of the demo password for every demo person: that password is printed for anyone to
  // read, so a salt each would hide nothing, and 32 hashes were 1.3 s of CPU at every fresh start.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await timed('seed accounts', () =>
    inParallel([...DEMO_ACCOUNTS, ...DEMO_GOLFERS], 4, async (account) => {
      const { membership, ...fields } = account;
      const response = await postJson(`${urls.identity}/internal/accounts`, serviceToken, {
        ...fields,
        password_hash: passwordHash,
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
  const paying = options.payments ? timed('seed payments', options.payments) : Promise.resolve(0);
  // A failure is reported where it is awaited below, not as an unhandled rejection meanwhile.
  paying.catch(() => {});
  const logins = new DemoLogins(urls.identity);
  const { login, token } = logins;
  try {
    const directory = await timed('seed directory', () =>
      seedDirectory({ venues: urls.venues }, serviceToken, { login: token }),
    );
    // The pictures (CPU: drawing, re-encoding, the video) go on while the calendar, messages and
    // admin area are made (mostly waiting on the services), instead of before them; the admin area
    // and the coaches' availability need no event, so they are made beside the calendar.
    const [uploads, { courses, rounds }, { events, messages }, admin] = await Promise.all([
      timed('seed venue pictures', () =>
        seedVenuePictures({ venues: urls.venues }, { ffmpegPath: options.ffmpegPath, login: token, media }),
      ),
      (async () => {
        const courses = await timed('seed courses', () =>
          seedTypicalCourses({ venues: urls.venues }, serviceToken),
        );
        // The season is played on the courses' tees: after them.
        const rounds = await timed('seed rounds', () => seedRounds(urls, serviceToken, { token }));
        return { courses, rounds };
      })(),
      (async () => {
        const events = await timed('seed events', () => seedEvents(urls, { login, token, serviceToken }));
        const messages = await timed('seed messages', () => seedMessages(urls, { login: token }));
        return { events, messages };
      })(),
      (async () =>
        (await timed('seed admin area', () => seedAdminArea(urls, { login: token }))) +
        (await timed('seed availability', () => seedAvailability(urls, { login: token }))))(),
    ]);
    // Its tees and its game must both be there: after the courses and the calendar.
    const results = await timed('seed results', () => seedResults(urls, { login: token }));
    return {
      ...directory,
      uploads,
      courses,
      rounds,
      events,
      results,
      messages,
      admin,
      payments: await paying,
    };
  } finally {
    // Nothing is left running when a step failed: the payments finish (or fail) first.
    await paying.catch(() => {});
    await timed('seed logouts', () => logins.endAll());
  }
}

export function demoLoginsText(): string {
  const width = Math.max(...DEMO_ACCOUNTS.map((a) => a.email.length));
  return DEMO_ACCOUNTS.map(
    (a) => `    ${a.email.padEnd(width)}  ${a.role.padEnd(14)}  password ${DEMO_PASSWORD}`,
  ).join('\n');
}
