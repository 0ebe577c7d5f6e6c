import type { AdminClaimsReply, AdminUsersReply, AdminVenuesReply, CoachesReply } from '@linksmate/proto';

/** How long a call waits for what identity tells the admin service (its directory of people). */
const PROJECTION_WAIT_MS = 20_000;
const ADMIN = 'admin@linksmate.dev';

/** People who claimed a profile and wait for review (their e-mails: invented, at example.com). */
const DEMO_COACH_CLAIMANTS = ['ella.morgan@example.com', 'rohan.iyer@example.com'];
const DEMO_VENUE_CLAIM = { slug: 'the-lakes-golf-club', email: 'manager.thelakes@example.com' };

/** A real course a member suggested, waiting for an admin to approve it. */
const DEMO_SUBMITTED_VENUE = {
  name: 'Gisborne Golf Club',
  address: '1 Ross Watt Road',
  city: 'Gisborne',
  state: 'VIC',
  postal_code: '3437',
  website_url: 'https://www.gisbornegolfclub.com.au',
  description: 'Undulating 18 holes in the Macedon Ranges, an hour north-west of Melbourne.',
};

/** A demo golfer banned for spam, so the user list shows what a ban looks like. */
const DEMO_BANNED = {
  email: 'nate_s@golfers.linksmate.dev',
  reason: 'Repeated spam messages to other members',
};

/** A demo call as a signed-in person (or none): its JSON answer, or an error naming what went wrong. */
export async function call<T>(
  url: string,
  init: RequestInit & { token?: string; body?: string } = {},
): Promise<T> {
  const { token, ...rest } = init;
  const response = await fetch(url, {
    ...rest,
    headers: {
      ...(rest.body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
  });
  if (!response.ok)
    throw new Error(`${rest.method ?? 'GET'} ${url} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/**
 * The admin area's demo: claims waiting for review, a venue a member suggested, and a banned
 * golfer — through the same public and admin calls people make, and only where missing.
 */
export async function seedAdminArea(
  urls: { venues: string; admin: string },
  options: { login: (email: string) => Promise<string> },
): Promise<number> {
  const admin = await options.login(ADMIN);
  let made = 0;

  const claims = await call<AdminClaimsReply>(`${urls.venues}/admin/profile-claims?limit=1`, {
    token: admin,
  });
  if (claims.counts.all === 0) {
    const { coaches } = await call<CoachesReply>(`${urls.venues}/coaches?limit=100`);
    const unclaimed = coaches.filter((c) => c.user_id === null);
    for (const [i, email] of DEMO_COACH_CLAIMANTS.entries()) {
      const coach = unclaimed[unclaimed.length - 1 - i];
      if (!coach) break;
      await call(`${urls.venues}/claim-profile`, {
        method: 'POST',
        body: JSON.stringify({ entityType: 'coach', entityId: coach.id, email, password: 'Claimant!2026' }),
      });
      made++;
    }
    const venue = await call<{ venue: { id: number } }>(
      `${urls.venues}/venues/slug/${DEMO_VENUE_CLAIM.slug}`,
    );
    await call(`${urls.venues}/claim-profile`, {
      method: 'POST',
      body: JSON.stringify({
        entityType: 'venue',
        entityId: venue.venue.id,
        email: DEMO_VENUE_CLAIM.email,
        password: 'Claimant!2026',
      }),
    });
    made++;
  }

  const venues = await call<AdminVenuesReply>(`${urls.venues}/admin/venues?limit=10000`, { token: admin });
  if (!venues.venues.some((v) => v.name === DEMO_SUBMITTED_VENUE.name)) {
    await call(`${urls.venues}/venues/user-created`, {
      method: 'POST',
      token: await options.login('mia@linksmate.dev'),
      body: JSON.stringify(DEMO_SUBMITTED_VENUE),
    });
    made++;
  }

  // The directory learns of people from identity's events: wait until it lists the golfer.
  const deadline = Date.now() + PROJECTION_WAIT_MS;
  for (;;) {
    const { users } = await call<AdminUsersReply>(
      `${urls.admin}/admin/users?search=${encodeURIComponent(DEMO_BANNED.email)}`,
      { token: admin },
    );
    const golfer = users[0];
    if (golfer) {
      if (!golfer.banned) {
        await call(`${urls.admin}/admin/users/${golfer.id}/ban`, {
          method: 'POST',
          token: admin,
          body: JSON.stringify({ reason: DEMO_BANNED.reason }),
        });
        made++;
      }
      break;
    }
    if (Date.now() > deadline) throw new Error(`the admin directory never listed ${DEMO_BANNED.email}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return made;
}
