import type { CoursesReply, EventsReply, ResultsReply } from '@linksmate/proto';

/** The demo's finished game with its results closed and posted into its chat (docs/product.md#results). */
export const DEMO_RESULTS = {
  title: 'Stableford at The Lakes',
  organiser: 'olivia@linksmate.dev',
  /**
   * Each player's card as strokes over par, hole by hole, off the venue's typical tee for their
   * gender (demo-courses.ts): the card follows whatever pars the tee has.
   */
  cards: [
    { username: 'jack_t', tee: 'men', overPar: [0, 1, 0, 0, 1, 0, -1, 1, 0, 1, 0, 0, 2, 0, 1, 0, 1, 0] },
    { username: 'harper_w', tee: 'women', overPar: [0, 0, 1, 0, 0, -1, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 0, 1] },
    { username: 'ruby_f', tee: 'women', overPar: [1, 2, 1, 0, 1, 1, 2, 0, 1, 1, 0, 2, 1, 1, 0, 2, 1, 1] },
  ],
} as const;

async function call<T>(url: string, token: string, method = 'GET', body?: unknown): Promise<T> {
  const response = await fetch(url, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`${method} ${url} failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/**
 * Scores the demo's finished game through events-bookings' own API, as its organiser would: opens
 * scoring with the venue's typical men's and women's tees, enters each player's card and closes it,
 * which posts the results into the game's chat. A game already scored is left as it is (0).
 */
export async function seedResults(
  urls: { events: string; venues: string },
  options: { login(email: string): Promise<string> },
): Promise<number> {
  let game: EventsReply['events'][number] | undefined;
  for (let offset = 0; !game; offset += 100) {
    const page = await fetch(`${urls.events}/events?include_past=true&limit=100&offset=${offset}`);
    const { events } = (await page.json()) as EventsReply;
    game = events.find((e) => e.title === DEMO_RESULTS.title);
    if (!game && events.length < 100) throw new Error(`The demo game ${DEMO_RESULTS.title} is missing`);
  }
  const token = await options.login(DEMO_RESULTS.organiser);
  const resultsUrl = `${urls.events}/events/${game.id}/results`;
  if ((await call<ResultsReply>(resultsUrl, token)).status !== 'not_open') return 0;

  const { courses } = await call<CoursesReply>(`${urls.venues}/venues/${game.venue_id}/courses`, token);
  const course = courses[0];
  if (!course) throw new Error(`The demo venue of ${DEMO_RESULTS.title} has no course`);
  const teeOf = (gender: 'men' | 'women') => course.tees.find((tee) => tee.gender === gender)!;
  const opened = await call<ResultsReply>(`${urls.events}/events/${game.id}/scoring`, token, 'POST', {
    men_tee_id: teeOf('men').id,
    women_tee_id: teeOf('women').id,
    format: 'stableford',
  });
  for (const card of DEMO_RESULTS.cards) {
    const player = opened.players.find((p) => p.username === card.username);
    if (!player) throw new Error(`${card.username} did not play ${DEMO_RESULTS.title}`);
    const strokes = teeOf(card.tee).holes.map((hole, i) => hole.par + card.overPar[i]!);
    await call(`${urls.events}/events/${game.id}/scoring/cards/${player.user_id}`, token, 'PUT', {
      tee: card.tee,
      strokes,
    });
  }
  await call(`${urls.events}/events/${game.id}/scoring/close`, token, 'POST', {});
  return 1;
}
