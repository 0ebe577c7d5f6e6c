import type { ResultsReply } from '@linksmate/proto';
import { RESULT_MESSAGES } from '@linksmate/proto/rules/results';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../src/db/schema';
import { type EventsBookingsUnderTest, type Person, SERVICE_TOKEN, startEventsBookings } from './fixtures';
import { VenuesStandIn } from './venues-stand-in';

const HOUR = 3600_000;
const fours = (n: number) => Array.from({ length: n }, () => 4);
const fives = (n: number) => Array.from({ length: n }, () => 5);

describe('events-bookings: game results', () => {
  let eb: EventsBookingsUnderTest;
  const venues = new VenuesStandIn(SERVICE_TOKEN);
  let nextCourse = 10;

  beforeAll(async () => {
    await venues.start();
    eb = await startEventsBookings({ VENUES_URL: venues.url, VENUES_TIMEOUT_MS: '2000' });
  });
  afterAll(async () => {
    await eb?.close();
    await venues.close();
  });

  /** A member game that started an hour ago, its organiser, confirmed players and its venue's tees. */
  async function startedGame(handicaps: Array<number | null> = [null, null]) {
    const organiser = await eb.person();
    const venueId = await eb.venue();
    const game = await eb.event({
      creatorUserId: organiser.id,
      venueId,
      startTime: new Date(eb.clock.now().getTime() - HOUR),
      endTime: new Date(eb.clock.now().getTime() + 3 * HOUR),
    });
    const players: Person[] = [];
    for (const handicap of handicaps) {
      const player = await eb.person({ handicap });
      await eb.db
        .insert(schema.bookings)
        .values({ eventId: game.id, userId: player.id, status: 'confirmed' });
      players.push(player);
    }
    const courseId = nextCourse++;
    const men = venues.tee(venueId, courseId, { gender: 'men' }).tee.id;
    const women = venues.tee(venueId, courseId, { gender: 'women', courseRating: 74, slope: 125 }).tee.id;
    return { organiser, game, players, tees: { men, women }, venueId };
  }

  const open = (eventId: number, body: object, token: string) =>
    eb.post(`/events/${eventId}/scoring`, body, token);
  const card = (eventId: number, userId: number, body: object, token: string) =>
    eb.put(`/events/${eventId}/scoring/cards/${userId}`, body, token);
  const close = (eventId: number, token: string) => eb.post(`/events/${eventId}/scoring/close`, {}, token);

  it('when the organiser opens scoring before the game has started, then 409 not_started and nothing opens', async () => {
    const organiser = await eb.person();
    const game = await eb.event({ creatorUserId: organiser.id });
    const res = await open(game.id, { men_tee_id: 1 }, organiser.token);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({ code: 'not_started', error: RESULT_MESSAGES.notStarted });
    const view = await eb.get(`/events/${game.id}/results`, organiser.token);
    expect(view.json()).toMatchObject({
      status: 'not_open',
      viewer: { is_organiser: true, may_open: false },
    });
  });

  it('when a player or a stranger opens or closes scoring, then 403 not_organiser', async () => {
    const { game, players, tees } = await startedGame();
    const stranger = await eb.person();
    for (const person of [players[0]!, stranger]) {
      const res = await open(game.id, { men_tee_id: tees.men }, person.token);
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().code).toBe('not_organiser');
      expect((await close(game.id, person.token)).statusCode).toBe(403);
    }
  });

  it("when the tees are not the venue's, not there, of the wrong gender or of two courses, then 422 keyed by the field", async () => {
    const { organiser, game, tees } = await startedGame();
    const elsewhere = await startedGame();
    const otherCourse = venues.tee(game.venueId, 900 + nextCourse++, { gender: 'women' }).tee.id;
    const cases: Array<[object, Record<string, string>]> = [
      [{}, { men_tee_id: RESULT_MESSAGES.teeRequired }],
      [{ men_tee_id: elsewhere.tees.men }, { men_tee_id: RESULT_MESSAGES.teeOtherVenue }],
      [{ men_tee_id: 987_654 }, { men_tee_id: RESULT_MESSAGES.teeNotFound }],
      [{ men_tee_id: 2.5 }, { men_tee_id: RESULT_MESSAGES.teeNotFound }],
      [{ men_tee_id: 1e300 }, { men_tee_id: RESULT_MESSAGES.teeNotFound }],
      [{ men_tee_id: tees.women }, { men_tee_id: RESULT_MESSAGES.teeWrongGender('men') }],
      [
        { men_tee_id: tees.men, women_tee_id: otherCourse },
        { women_tee_id: RESULT_MESSAGES.teesOtherCourse },
      ],
      [{ men_tee_id: tees.men, format: 'skins' }, { format: RESULT_MESSAGES.formatInvalid }],
    ];
    for (const [body, errors] of cases) {
      const res = await open(game.id, body, organiser.token);
      expect(res.statusCode, `${JSON.stringify(body)} ${res.body}`).toBe(422);
      expect(res.json().errors).toEqual(errors);
    }
    const view = await eb.get(`/events/${game.id}/results`, organiser.token);
    expect(view.json().status).toBe('not_open');
  });

  it('when the organiser opens scoring with both tees, then the tees are copied and each player has the playing handicap of 95% of their course handicap', async () => {
    const { organiser, game, players, tees } = await startedGame([18, null]);
    const res = await open(
      game.id,
      { men_tee_id: tees.men, women_tee_id: tees.women, format: 'net' },
      organiser.token,
    );
    expect(res.statusCode, res.body).toBe(201);
    const view = res.json() as ResultsReply;
    expect(view).toMatchObject({
      status: 'open',
      format: 'net',
      viewer: { is_organiser: true, may_open: false },
    });
    expect(view.tees.map((tee) => [tee.id, tee.gender, tee.course_rating, tee.slope_rating])).toEqual([
      [tees.men, 'men', 72, 113],
      [tees.women, 'women', 74, 125],
    ]);
    const [withIndex, scratch] = players.map((p) => view.players.find((row) => row.user_id === p.id)!);
    // Course Handicap 18 × 113/113 + (72 − 72) = 18; 95% = 17.1 → 17.
    expect(withIndex).toMatchObject({
      handicap_index: 18,
      index_source: 'profile',
      tee: 'men',
      playing_handicap: 17,
    });
    expect(scratch).toMatchObject({ handicap_index: null, index_source: null, playing_handicap: 0 });
    // Off the women's tee: 18 × 125/113 + (74 − 72) = 21.91…; 95% = 20.8 → 21.
    const women = await card(
      game.id,
      players[0]!.id,
      { tee: 'women', strokes: fours(18) },
      players[0]!.token,
    );
    expect(women.statusCode, women.body).toBe(200);
    expect(
      women.json().players.find((row: { user_id: number }) => row.user_id === players[0]!.id),
    ).toMatchObject({
      tee: 'women',
      playing_handicap: 21,
      gross: 72,
      net: 51,
    });
    const again = await open(game.id, { men_tee_id: tees.men }, organiser.token);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('scoring_open');
  });

  it('when a player enters cards, then only their own, of the right length and 1 to 20 strokes a hole, with an empty hole allowed', async () => {
    const { organiser, game, players, tees } = await startedGame();
    const [ann, ben] = players as [Person, Person];
    const before = await card(game.id, ann.id, { strokes: fours(18) }, ann.token);
    expect(before.statusCode).toBe(409);
    expect(before.json().code).toBe('scoring_not_open');
    expect((await open(game.id, { men_tee_id: tees.men }, organiser.token)).statusCode).toBe(201);

    const others = await card(game.id, ben.id, { strokes: fours(18) }, ann.token);
    expect(others.statusCode).toBe(403);
    expect(others.json().code).toBe('not_your_card');

    const short = await card(game.id, ann.id, { strokes: fours(17) }, ann.token);
    expect(short.statusCode).toBe(422);
    expect(short.json().errors).toEqual({ strokes: RESULT_MESSAGES.holeCount(18) });

    const wild = [...fours(18)];
    wild[3] = 21;
    wild[7] = 0;
    wild[9] = 4.5;
    const bad = await card(game.id, ann.id, { strokes: wild }, ann.token);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({
      'strokes.3': RESULT_MESSAGES.strokesRange,
      'strokes.7': RESULT_MESSAGES.strokesRange,
      'strokes.9': RESULT_MESSAGES.strokesWhole,
    });

    const noWomen = await card(game.id, ann.id, { tee: 'women', strokes: fours(18) }, ann.token);
    expect(noWomen.statusCode).toBe(422);
    expect(noWomen.json().errors).toEqual({ tee: RESULT_MESSAGES.teeNotOffered });

    const stranger = await eb.person();
    const notPlayer = await card(game.id, stranger.id, { strokes: fours(18) }, organiser.token);
    expect(notPlayer.statusCode).toBe(404);
    expect(notPlayer.json().code).toBe('player_not_found');
    expect((await eb.get(`/events/${game.id}/results`, stranger.token)).statusCode).toBe(403);

    const blank = [...fours(18)];
    blank[5] = null as unknown as number;
    const own = await card(game.id, ann.id, { strokes: blank }, ann.token);
    expect(own.statusCode, own.body).toBe(200);
    const mine = (own.json() as ResultsReply).players.find((row) => row.user_id === ann.id)!;
    // No score on hole 6: no gross or net (no return in stroke play), no point there in Stableford.
    expect(mine).toMatchObject({ gross: null, net: null, stableford: 34, may_edit: true });
    expect(mine.strokes![5]).toBeNull();
    const byOrganiser = await card(game.id, ben.id, { strokes: fives(18) }, organiser.token);
    expect(byOrganiser.statusCode, byOrganiser.body).toBe(200);
    const view = (await eb.get(`/events/${game.id}/results`, ann.token)).json() as ResultsReply;
    expect(view.players.find((row) => row.user_id === ben.id)).toMatchObject({ gross: 90, may_edit: false });
  });

  it('when two players tie on the total, then the last nine holes split them (countback), in gross and Stableford', async () => {
    const { organiser, game, players, tees } = await startedGame([null, null, null]);
    const [frontStrong, backStrong, steady] = players as [Person, Person, Person];
    await open(game.id, { men_tee_id: tees.men }, organiser.token);
    // 81 each: 36 out and 45 back against 45 out and 36 back. The last nine place the second first.
    await card(game.id, frontStrong.id, { strokes: [...fours(9), ...fives(9)] }, organiser.token);
    await card(game.id, backStrong.id, { strokes: [...fives(9), ...fours(9)] }, organiser.token);
    await card(game.id, steady.id, { strokes: fives(18) }, organiser.token);
    const view = (await eb.get(`/events/${game.id}/results`, steady.token)).json() as ResultsReply;
    expect(view.rankings.gross).toEqual([
      { user_id: backStrong.id, position: 1, total: 81, countback: null },
      { user_id: frontStrong.id, position: 2, total: 81, countback: 9 },
      { user_id: steady.id, position: 3, total: 90, countback: null },
    ]);
    expect(
      view.rankings.stableford.map((row) => [row.user_id, row.position, row.total, row.countback]),
    ).toEqual([
      [backStrong.id, 1, 27, null],
      [frontStrong.id, 2, 27, 9],
      [steady.id, 3, 18, null],
    ]);
  });

  it('when the organiser closes scoring, then the results are final, no card may change, and events.results.posted names the top places', async () => {
    const { organiser, game, players, tees } = await startedGame([null, 10]);
    const [ann, ben] = players as [Person, Person];
    await open(game.id, { men_tee_id: tees.men }, organiser.token);
    const empty = await close(game.id, organiser.token);
    expect(empty.statusCode).toBe(409);
    expect(empty.json().code).toBe('no_cards');
    await card(game.id, ann.id, { strokes: fours(18) }, ann.token);
    await card(game.id, ben.id, { strokes: fives(18) }, ben.token);

    const res = await close(game.id, organiser.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'closed' });
    const late = await card(game.id, ann.id, { strokes: fives(18) }, ann.token);
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('scoring_closed');
    expect((await close(game.id, organiser.token)).json().code).toBe('scoring_closed');

    const posted = (await eb.published('events.results.posted')).filter(
      (e) => (e.data as { event_id: number }).event_id === game.id,
    );
    expect(posted).toHaveLength(1);
    // Ben: index 10 → playing handicap 10 (9.5 rounds up); 90 gross is 28 points against Ann's 36.
    expect(posted[0]!.data).toMatchObject({
      event_title: game.title,
      closed_by_user_id: organiser.id,
      format: 'stableford',
      player_user_ids: [ann.id, ben.id],
      top: [
        { position: 1, user_id: ann.id, name: `Test Golfer ${ann.id}`, total: 36 },
        { position: 2, user_id: ben.id, name: `Test Golfer ${ben.id}`, total: 28 },
      ],
      link: `/events/${game.id}/results`,
    });
  });

  it('when a player has a LinksMate index, then they are scored with it before the handicap on their profile', async () => {
    const { organiser, game, players, tees } = await startedGame([20, 20]);
    const [withIndex] = players as [Person, Person];
    await eb.db.insert(schema.handicaps).values({
      userId: withIndex.id,
      handicapIndex: 8.4,
      roundsCounted: 3,
      holesCounted: 54,
      updatedAt: eb.clock.now(),
    });
    const view = (await open(game.id, { men_tee_id: tees.men }, organiser.token)).json() as ResultsReply;
    expect(
      view.players.map((row) => [row.user_id, row.handicap_index, row.index_source, row.playing_handicap]),
    ).toEqual([
      [withIndex.id, 8.4, 'linksmate', 8],
      [players[1]!.id, 20, 'profile', 19],
    ]);
  });

  it('when a LinksMate index is better than the +10.0 a player may enter, then the results are still shown and scored with it', async () => {
    const { organiser, game, players, tees } = await startedGame([null, 12]);
    const [plus] = players as [Person, Person];
    // A record may work out an index past +10.0 (the Rules set no lower limit).
    await eb.db.insert(schema.handicaps).values({
      userId: plus.id,
      handicapIndex: -10.3,
      roundsCounted: 20,
      holesCounted: 360,
      updatedAt: eb.clock.now(),
    });
    const opened = await open(game.id, { men_tee_id: tees.men }, organiser.token);
    expect(opened.statusCode, opened.body).toBe(201);
    const row = (opened.json() as ResultsReply).players.find((p) => p.user_id === plus.id)!;
    expect(row).toMatchObject({ handicap_index: -10.3, index_source: 'linksmate' });
    expect(row.playing_handicap).toBeLessThan(-9);
    const entered = await card(
      game.id,
      plus.id,
      { strokes: Array.from({ length: 18 }, () => 4) },
      plus.token,
    );
    expect(entered.statusCode, entered.body).toBe(200);
    const viewed = await eb.get(`/events/${game.id}/results`, plus.token);
    expect(viewed.statusCode, viewed.body).toBe(200);
  });

  it('when a player accepts their closed card as a round, then it is recorded once in their rounds; an open, missing or incomplete card is refused', async () => {
    const { organiser, game, players, tees } = await startedGame();
    const [ann, ben] = players as [Person, Person];
    const accept = (person: Person) => eb.post(`/events/${game.id}/results/round`, {}, person.token);
    await open(game.id, { men_tee_id: tees.men }, organiser.token);
    await card(game.id, ann.id, { strokes: fives(18) }, ann.token);
    const gap = fours(18) as Array<number | null>;
    gap[0] = null;
    await card(game.id, ben.id, { strokes: gap }, ben.token);
    const early = await accept(ann);
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('scoring_not_closed');
    await close(game.id, organiser.token);

    const res = await accept(ann);
    expect(res.statusCode, res.body).toBe(201);
    const { round_id, results } = res.json();
    expect(results.players.find((row: { user_id: number }) => row.user_id === ann.id).round_id).toBe(
      round_id,
    );
    const round = await eb.get(`/rounds/${round_id}`, ann.token);
    expect(round.statusCode, round.body).toBe(200);
    expect(round.json().round).toMatchObject({ id: round_id, tee_id: tees.men, holes_played: 'all' });
    expect(round.json().round.holes.map((hole: { strokes: number }) => hole.strokes)).toEqual(fives(18));

    const again = await accept(ann);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('round_recorded');
    const incomplete = await accept(ben);
    expect(incomplete.statusCode).toBe(409);
    expect(incomplete.json().code).toBe('card_incomplete');
    const none = await accept(organiser);
    expect(none.statusCode).toBe(404);
    expect(none.json().code).toBe('no_card');
    const rows = await eb.pool.query('select count(*)::int as n from rounds where user_id = $1', [ann.id]);
    expect(rows.rows[0].n).toBe(1);
  });

  it('when the game is on a 9-hole course, then cards are nine holes, the playing handicap is the nine-hole one and the countback looks at the last 6, 3 and 1', async () => {
    const { organiser, game, players } = await startedGame([18, null, null]);
    const nine = venues.tee(game.venueId, 700 + nextCourse++, { holes: 9 }).tee.id;
    await open(game.id, { men_tee_id: nine }, organiser.token);
    const [indexed, first, second] = players as [Person, Person, Person];
    const wrong = await card(game.id, first.id, { strokes: fours(18) }, organiser.token);
    expect(wrong.json().errors).toEqual({ strokes: RESULT_MESSAGES.holeCount(9) });
    // Pars 4 4 3 5 4 4 3 5 4 (36), rated 35.5/113. Index 18 is 9.0 over nine: 9.0 + (35.5 − 36) = 8.5;
    // 95% = 8.075 → 8.
    const res = await card(game.id, indexed.id, { strokes: [4, 4, 3, 5, 4, 4, 3, 5, 4] }, organiser.token);
    expect(res.json().players.find((row: { user_id: number }) => row.user_id === indexed.id)).toMatchObject({
      playing_handicap: 8,
      gross: 36,
      net: 28,
    });
    // 40 each: the first better over the last six holes.
    await card(game.id, first.id, { strokes: [6, 6, 5, 5, 4, 4, 3, 5, 2] }, organiser.token);
    await card(game.id, second.id, { strokes: [4, 4, 3, 5, 5, 5, 4, 6, 4] }, organiser.token);
    const view = (await eb.get(`/events/${game.id}/results`, organiser.token)).json() as ResultsReply;
    expect(view.rankings.gross).toEqual([
      { user_id: indexed.id, position: 1, total: 36, countback: null },
      { user_id: first.id, position: 2, total: 40, countback: null },
      { user_id: second.id, position: 3, total: 40, countback: 6 },
    ]);
  });

  it('when an official event has started, then an admin who manages events runs its scoring; a facility admin of another venue may not', async () => {
    const creator = await eb.person({ role: 'site_admin' });
    const admin = await eb.person({ role: 'admin' });
    const elsewhere = await eb.person({ role: 'facility_admin' });
    const venueId = await eb.venue();
    await eb.venue({ adminUserIds: [elsewhere.id] });
    const event = await eb.event({
      eventType: 'linksmate_event',
      creatorUserId: creator.id,
      venueId,
      capacity: 20,
      startTime: new Date(eb.clock.now().getTime() - HOUR),
    });
    const player = await eb.person();
    await eb.db.insert(schema.bookings).values({ eventId: event.id, userId: player.id, status: 'confirmed' });
    const tee = venues.tee(venueId, 800 + nextCourse++).tee.id;
    const refused = await open(event.id, { men_tee_id: tee }, elsewhere.token);
    expect(refused.statusCode).toBe(403);
    const res = await open(event.id, { men_tee_id: tee }, admin.token);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().viewer).toMatchObject({ is_organiser: true, is_player: false });
    const entered = await card(event.id, player.id, { strokes: fours(18) }, admin.token);
    expect(entered.statusCode, entered.body).toBe(200);
    expect((await close(event.id, admin.token)).statusCode).toBe(200);
  });
});
