import { createEvent } from '@linksmate/platform';
import {
  HANDICAP_REFUSALS,
  type HandicapReply,
  latestRoundDay,
  ROUND_MESSAGES,
  type Round,
  type RoundSummary,
  UserBlocked,
  UserUnblocked,
} from '@linksmate/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EventsBookingsUnderTest, type Person, SERVICE_TOKEN, startEventsBookings } from './fixtures';
import { PARS_72, VenuesStandIn } from './venues-stand-in';

/** The day `n` days before today (as rounds count days). */
const daysAgo = (n: number) => {
  const today = new Date(`${latestRoundDay(new Date())}T00:00:00Z`);
  return new Date(today.getTime() - n * 86_400_000).toISOString().slice(0, 10);
};

/** A card over `pars` adding up to `total`: par everywhere, then a stroke more a hole, in turn. */
function card(total: number, pars: readonly number[] = PARS_72): Array<{ strokes: number }> {
  const strokes = [...pars];
  for (let extra = total - strokes.reduce((a, b) => a + b, 0), i = 0; extra > 0; extra--, i++)
    strokes[i % strokes.length]! += 1;
  return strokes.map((s) => ({ strokes: s }));
}

describe('events-bookings: rounds and the handicap index', () => {
  let eb: EventsBookingsUnderTest;
  let venues: VenuesStandIn;
  let venueId: number;
  let otherVenueId: number;
  const COURSE = 501;
  const OTHER_COURSE = 502;
  let teeId: number;
  let otherCourseTeeId: number;
  let nineHoleTeeId: number;

  beforeAll(async () => {
    venues = new VenuesStandIn(SERVICE_TOKEN);
    await venues.start();
    eb = await startEventsBookings({ VENUES_URL: venues.url });
    venueId = await eb.venue({ name: 'Moore Park Golf' });
    otherVenueId = await eb.venue({ name: 'Eastlake Golf Club' });
    teeId = venues.tee(venueId, COURSE).tee.id;
    otherCourseTeeId = venues.tee(otherVenueId, OTHER_COURSE).tee.id;
    nineHoleTeeId = venues.tee(venueId, 503, { holes: 9 }).tee.id;
  });
  afterAll(async () => {
    await eb?.close();
    await venues?.close();
  });

  const base = (overrides: Record<string, unknown> = {}) => ({
    venue_id: venueId,
    course_id: COURSE,
    tee_id: teeId,
    played_on: daysAgo(3),
    holes_played: 'all',
    holes: card(90),
    ...overrides,
  });
  const record = (person: Person, body: Record<string, unknown>) => eb.post('/rounds', body, person.token);
  const recorded = async (person: Person, body: Record<string, unknown>): Promise<Round> => {
    const res = await record(person, body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().round;
  };
  const handicapOf = async (person: Person): Promise<HandicapReply> => {
    const res = await eb.get('/rounds/handicap', person.token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const toConfirm = async (person: Person): Promise<RoundSummary[]> =>
    (await eb.get('/rounds/to-confirm', person.token)).json().rounds;
  const errorsOf = async (person: Person, body: Record<string, unknown>) => {
    const res = await record(person, body);
    expect(res.statusCode, res.body).toBe(422);
    return res.json().errors as Record<string, string>;
  };

  it('when someone records an 18-hole card alone, then it counts at once, unattested, with the tee copied into it', async () => {
    const golfer = await eb.person({ member: false });
    const round = await recorded(golfer, base({ holes: card(95) }));
    expect(round).toMatchObject({
      status: 'counting',
      attested: false,
      venue_name: 'Moore Park Golf',
      course_name: `Course ${COURSE}`,
      par: 72,
      course_rating: 72,
      slope_rating: 113,
      gross: 95,
      adjusted_gross_score: 95,
      differential: 23,
      index_in_effect: null,
      pcc: 0,
      partners: [],
    });
    expect(round.holes).toHaveLength(18);
    expect(round.holes[0]).toMatchObject({ number: 1, par: 4, strokes: 6, maximum: 9, adjusted: 6 });
    const handicap = await handicapOf(golfer);
    expect(handicap).toMatchObject({ index: null, rounds_counted: 1, holes_counted: 18, history: [] });
    const list = (await eb.get('/rounds', golfer.token)).json();
    expect(list).toMatchObject({ total: 1, limit: 20, offset: 0 });
    expect(list.rounds[0]).toMatchObject({ id: round.id, status: 'counting', gross: 95 });
  });

  it('when a card scores above par + 5 before an index, then the hole is marked adjusted and the total counts the maximum', async () => {
    const golfer = await eb.person();
    const holes = card(72);
    holes[0] = { strokes: 12 };
    const round = await recorded(golfer, base({ holes }));
    expect(round.holes[0]).toMatchObject({ strokes: 12, maximum: 9, adjusted: 9 });
    expect(round.gross).toBe(80);
    expect(round.adjusted_gross_score).toBe(77);
  });

  it('when the same card is sent twice with one Idempotency-Key, then one round is recorded and the repeat gets its answer', async () => {
    const golfer = await eb.person({ member: false });
    const key = { 'idempotency-key': 'round-retry-0001' };
    const body = base({ holes: card(93) });
    const first = await eb.post('/rounds', body, golfer.token, key);
    const again = await eb.post('/rounds', body, golfer.token, key);
    expect(first.statusCode, first.body).toBe(201);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().round.id).toBe(first.json().round.id);
    expect((await eb.get('/rounds', golfer.token)).json().total).toBe(1);
    expect((await handicapOf(golfer)).rounds_counted).toBe(1);
    // A refused card frees its key: corrected, it records with the same one.
    const refused = await eb.post('/rounds', base({ holes: card(93), pcc: 9 }), golfer.token, {
      'idempotency-key': 'round-retry-0002',
    });
    expect(refused.statusCode).toBe(422);
    const corrected = await eb.post('/rounds', base({ holes: card(94) }), golfer.token, {
      'idempotency-key': 'round-retry-0002',
    });
    expect(corrected.statusCode, corrected.body).toBe(201);
    expect((await eb.get('/rounds', golfer.token)).json().total).toBe(2);
  });

  it('when a front nine and a quick total are recorded, then each uses its nine or total as the rules say', async () => {
    const golfer = await eb.person();
    const nine = await recorded(
      golfer,
      base({ holes_played: 'front', holes: card(45, PARS_72.slice(0, 9)) }),
    );
    expect(nine).toMatchObject({ par: 36, course_rating: 36, gross: 45, differential: null });
    expect(nine.holes.map((h) => h.number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    const quick = await recorded(golfer, base({ holes: undefined, total: 88, pcc: 1 }));
    expect(quick).toMatchObject({ gross: 88, adjusted_gross_score: 88, differential: 15, pcc: 1 });
    expect(quick.holes.every((h) => h.strokes === null)).toBe(true);
    const twiceRound = await recorded(
      golfer,
      base({
        course_id: 503,
        tee_id: nineHoleTeeId,
        holes: card(80, [...PARS_72.slice(0, 9), ...PARS_72.slice(0, 9)]),
      }),
    );
    expect(twiceRound.holes.map((h) => h.stroke_index).slice(0, 3)).toEqual([7, 3, 15]);
    expect(twiceRound).toMatchObject({ par: 72, course_rating: 71 });
  });

  it('when a card breaks each rule, then 422 names every field with its message', async () => {
    const golfer = await eb.person();
    const holes: Array<{ strokes: number | null }> = card(90);
    holes[3] = { strokes: 0 };
    holes[4] = { strokes: 21 };
    holes[5] = { strokes: null };
    holes[6] = { strokes: 4.5 };
    const errors = await errorsOf(golfer, base({ holes, pcc: 4, played_on: '2026-02-30' }));
    expect(errors).toEqual({
      'holes.3.strokes': ROUND_MESSAGES.strokesRange,
      'holes.4.strokes': ROUND_MESSAGES.strokesRange,
      'holes.5.strokes': ROUND_MESSAGES.strokesRequired,
      'holes.6.strokes': ROUND_MESSAGES.strokesRange,
      pcc: ROUND_MESSAGES.pccRange,
      played_on: ROUND_MESSAGES.dateInvalid,
    });
    expect(await errorsOf(golfer, base({ holes: card(45, PARS_72.slice(0, 9)) }))).toEqual({
      holes: ROUND_MESSAGES.holeCount(18),
    });
    expect(await errorsOf(golfer, base({ total: 90 }))).toEqual({ total: ROUND_MESSAGES.scoreEntry });
    expect(await errorsOf(golfer, base({ holes: null }))).toEqual({ holes: ROUND_MESSAGES.scoreRequired });
    expect(await errorsOf(golfer, base({ holes: null, total: 17 }))).toEqual({
      total: ROUND_MESSAGES.totalTooLow(18),
    });
    expect(await errorsOf(golfer, base({ holes: null, total: 71.5 }))).toEqual({
      total: ROUND_MESSAGES.totalWhole,
    });
    // Before an index each hole counts at most par + 5: 72 + 90 = 162 is the most a total may be.
    expect(await errorsOf(golfer, base({ holes: null, total: 163 }))).toEqual({
      total: ROUND_MESSAGES.totalTooHigh,
    });
    expect(await errorsOf(golfer, base({ played_on: daysAgo(-2) }))).toEqual({
      played_on: ROUND_MESSAGES.dateInFuture,
    });
    expect(await errorsOf(golfer, base({ played_on: '' }))).toEqual({
      played_on: ROUND_MESSAGES.dateRequired,
    });
    expect(await errorsOf(golfer, base({ holes_played: 'middle' }))).toMatchObject({
      holes_played: ROUND_MESSAGES.holesPlayedInvalid,
    });
    expect(
      await errorsOf(
        golfer,
        base({
          course_id: 503,
          tee_id: nineHoleTeeId,
          holes_played: 'back',
          holes: card(45, PARS_72.slice(0, 9)),
        }),
      ),
    ).toEqual({ holes_played: ROUND_MESSAGES.backNineOfNine });
    // Nothing was written by any of them.
    expect((await eb.get('/rounds', golfer.token)).json().total).toBe(0);
  });

  it('when the tee is of another course, unknown, or the course of another venue, then the field says so', async () => {
    const golfer = await eb.person();
    expect(await errorsOf(golfer, base({ tee_id: otherCourseTeeId }))).toEqual({
      tee_id: ROUND_MESSAGES.teeNotOnCourse,
    });
    expect(await errorsOf(golfer, base({ tee_id: 99_999 }))).toEqual({ tee_id: ROUND_MESSAGES.teeNotFound });
    expect(await errorsOf(golfer, base({ venue_id: otherVenueId }))).toEqual({
      course_id: ROUND_MESSAGES.courseNotAtVenue,
    });
  });

  it('when partners are wrong, then each partner field says why', async () => {
    const golfer = await eb.person();
    const friend = await eb.person();
    const banned = await eb.person();
    await eb.pool.query('update users set banned = true where id = $1', [banned.id]);
    const others = await Promise.all([eb.person(), eb.person(), eb.person()]);
    const holes: Array<{ strokes: number | null }> = card(90);
    holes[2] = { strokes: 25 };
    expect(
      await errorsOf(
        golfer,
        base({
          partners: [
            { user_id: golfer.id },
            { user_id: friend.id, holes },
            { user_id: friend.id },
            { user_id: banned.id },
            { user_id: 777_777 },
          ],
        }),
      ),
    ).toEqual({
      partners: ROUND_MESSAGES.tooManyPartners,
      'partners.0.user_id': ROUND_MESSAGES.partnerSelf,
      'partners.1.holes.2.strokes': ROUND_MESSAGES.strokesRange,
      'partners.2.user_id': ROUND_MESSAGES.partnerRepeated,
      'partners.3.user_id': ROUND_MESSAGES.partnerUnknown,
      'partners.4.user_id': ROUND_MESSAGES.partnerUnknown,
    });
    expect(
      await errorsOf(golfer, base({ partners: [{ user_id: others[0]!.id, holes: null, total: 400 }] })),
    ).toEqual({ 'partners.0.total': ROUND_MESSAGES.totalTooHigh });
  });

  it("when someone asks for another person's round, or acts on a copy not theirs, then 404; a decided copy is 409", async () => {
    const owner = await eb.person();
    const partner = await eb.person();
    const stranger = await eb.person();
    const round = await recorded(owner, base({ partners: [{ user_id: partner.id, holes: card(100) }] }));
    const [copy] = await toConfirm(partner);
    expect((await eb.get(`/rounds/${round.id}`, stranger.token)).statusCode).toBe(404);
    expect((await eb.get(`/rounds/${round.id}`, partner.token)).statusCode).toBe(404);
    expect((await eb.get(`/rounds/${copy!.id}`, owner.token)).statusCode).toBe(404);
    expect((await eb.post(`/rounds/${copy!.id}/confirm`, {}, owner.token)).statusCode).toBe(404);
    expect((await eb.post(`/rounds/${copy!.id}/reject`, {}, stranger.token)).statusCode).toBe(404);
    const ownRound = await eb.post(`/rounds/${round.id}/confirm`, {}, owner.token);
    expect(ownRound.statusCode).toBe(409);
    expect(ownRound.json().code).toBe('round_not_to_confirm');
    expect((await eb.get('/rounds/999999', owner.token)).statusCode).toBe(404);
    expect((await eb.get('/rounds', undefined)).statusCode).toBe(401);
    expect((await eb.post(`/rounds/${copy!.id}/confirm`, {}, partner.token)).statusCode).toBe(200);
    expect((await eb.post(`/rounds/${copy!.id}/confirm`, {}, partner.token)).statusCode).toBe(409);
    expect((await eb.post(`/rounds/${copy!.id}/reject`, {}, partner.token)).statusCode).toBe(409);
  });

  it('when a round has partners, then it waits; each partner gets a copy to confirm and is told of it', async () => {
    const owner = await eb.person();
    const [marked, unmarked] = await Promise.all([eb.person(), eb.person()]);
    const round = await recorded(
      owner,
      base({ partners: [{ user_id: marked.id, holes: card(99) }, { user_id: unmarked.id }] }),
    );
    expect(round).toMatchObject({ status: 'awaiting_confirmation', attested: false, gross: 90 });
    expect(round.partners.map((p) => p.decision)).toEqual(['pending', 'pending']);
    expect((await handicapOf(owner)).rounds_counted).toBe(0);
    const [copy] = await toConfirm(marked);
    expect(copy).toMatchObject({
      status: 'to_confirm',
      gross: 99,
      has_card: true,
      recorded_by: { user_id: owner.id },
    });
    const [bare] = await toConfirm(unmarked);
    expect(bare).toMatchObject({ has_card: false, gross: null });
    const told = (await eb.published('events.round.confirmation-requested')).filter(
      (e) => (e.data as { recorder_user_id: number }).recorder_user_id === owner.id,
    );
    expect(told.map((e) => e.data)).toEqual([
      expect.objectContaining({
        round_id: copy!.id,
        user_id: marked.id,
        has_card: true,
        venue_name: 'Moore Park Golf',
      }),
      expect.objectContaining({ round_id: bare!.id, user_id: unmarked.id, has_card: false }),
    ]);
    // The copy is the partner's own: they read it with the group.
    const read = (await eb.get(`/rounds/${copy!.id}`, marked.token)).json().round as Round;
    expect(read.partners.map((p) => p.user_id)).toEqual([marked.id, unmarked.id].sort((a, b) => a - b));

    // The unmarked partner confirms: the recorder's round counts, attested; their request is done.
    const confirmed = await eb.post(`/rounds/${bare!.id}/confirm`, {}, unmarked.token);
    expect(confirmed.json()).toEqual({ round: null });
    expect(await toConfirm(unmarked)).toEqual([]);
    expect((await eb.get('/rounds', unmarked.token)).json().total).toBe(0);
    const after = (await eb.get(`/rounds/${round.id}`, owner.token)).json().round as Round;
    expect(after).toMatchObject({ status: 'counting', attested: true, differential: 18 });
    expect(after.partners.find((p) => p.user_id === unmarked.id)?.decision).toBe('confirmed');
    expect((await handicapOf(owner)).rounds_counted).toBe(1);
  });

  it('when a partner rejects their copy, then it is gone from their record; when all reject, the round never counts', async () => {
    const owner = await eb.person();
    const [a, b] = await Promise.all([eb.person(), eb.person()]);
    const round = await recorded(
      owner,
      base({ partners: [{ user_id: a.id, holes: card(90) }, { user_id: b.id }] }),
    );
    const [copyA] = await toConfirm(a);
    const [copyB] = await toConfirm(b);
    expect((await eb.post(`/rounds/${copyA!.id}/reject`, {}, a.token)).statusCode).toBe(204);
    expect(await toConfirm(a)).toEqual([]);
    expect((await eb.get(`/rounds/${copyA!.id}`, a.token)).statusCode).toBe(404);
    expect((await eb.get(`/rounds/${round.id}`, owner.token)).json().round.status).toBe(
      'awaiting_confirmation',
    );
    expect((await eb.post(`/rounds/${copyB!.id}/reject`, {}, b.token)).statusCode).toBe(204);
    const after = (await eb.get(`/rounds/${round.id}`, owner.token)).json().round as Round;
    expect(after.status).toBe('rejected');
    expect(after.partners.map((p) => p.decision)).toEqual(['rejected', 'rejected']);
    expect((await handicapOf(owner)).rounds_counted).toBe(0);
  });

  it('when a partner confirms a round recorded with their card, then both indexes change', async () => {
    const recorder = await eb.person();
    const partner = await eb.person();
    // Three 18-hole rounds each (54 holes): an index by the table's "lowest less 2.0".
    for (const [i, total] of [90, 92, 88].entries())
      await recorded(recorder, base({ played_on: daysAgo(30 - i), holes: card(total) }));
    for (const [i, total] of [100, 98, 102].entries())
      await recorded(partner, base({ played_on: daysAgo(30 - i), holes: card(total) }));
    expect(await handicapOf(recorder)).toMatchObject({ index: 14, rounds_counted: 3, holes_counted: 54 });
    expect(await handicapOf(partner)).toMatchObject({ index: 24, rounds_counted: 3 });

    await recorded(
      recorder,
      base({ played_on: daysAgo(1), holes: card(80), partners: [{ user_id: partner.id, holes: card(90) }] }),
    );
    // Not yet: nobody has confirmed.
    expect((await handicapOf(recorder)).index).toBe(14);
    expect((await handicapOf(partner)).index).toBe(24);

    const [copy] = await toConfirm(partner);
    const res = await eb.post(`/rounds/${copy!.id}/confirm`, {}, partner.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().round).toMatchObject({
      status: 'counting',
      attested: true,
      differential: 18,
      index_in_effect: 24,
    });
    // Four scores: the lowest less 1.0.
    const recorderAfter = await handicapOf(recorder);
    const partnerAfter = await handicapOf(partner);
    expect(recorderAfter).toMatchObject({ index: 7, rounds_counted: 4 });
    expect(partnerAfter).toMatchObject({ index: 17, rounds_counted: 4 });
    expect(recorderAfter.history.map((h) => h.index)).toEqual([14, 7]);
    expect(partnerAfter.history.at(-1)).toEqual({ date: daysAgo(1), index: 17 });
  });

  it('when the card of a player with an index goes past net double bogey, then the hole is marked and the AGS counts the maximum', async () => {
    const golfer = await eb.person();
    for (const [i, total] of [90, 92, 88].entries())
      await recorded(golfer, base({ played_on: daysAgo(20 - i), holes: card(total) }));
    const holes = card(90);
    holes[15] = { strokes: 10 }; // hole 16: par 3, stroke index 18; index 14 gives no stroke there
    const round = await recorded(golfer, base({ played_on: daysAgo(2), holes }));
    expect(round.index_in_effect).toBe(14);
    expect(round.holes[15]).toMatchObject({ par: 3, strokes: 10, maximum: 5, adjusted: 5 });
    expect(round.adjusted_gross_score).toBe((round.gross ?? 0) - 5);
    expect(HANDICAP_REFUSALS.totalOutOfRange).toBeTruthy();
  });

  it('when someone looks for partners by name, then people other than themselves are found', async () => {
    const golfer = await eb.person({ username: 'seeker1' });
    await eb.person({ username: 'findme_walker' });
    const found = (await eb.get('/rounds/partners?search=findme', golfer.token)).json().people;
    expect(found).toEqual([expect.objectContaining({ name: expect.stringContaining('Test Golfer') })]);
    expect((await eb.get('/rounds/partners?search=seeker1', golfer.token)).json().people).toEqual([]);
    expect((await eb.get('/rounds/partners', golfer.token)).json().people).toEqual([]);
  });

  it("when the demo's season is imported, then each person's index is there at once, a partner's copy waits, and importing again changes nothing", async () => {
    const [a, b] = [await eb.person(), await eb.person()];
    const strokes = (total: number) => card(total).map((h) => h.strokes);
    const body = {
      rounds: [
        ...[90, 92, 88].map((total, i) => ({
          user_id: a.id,
          tee_id: teeId,
          played_on: daysAgo(40 - i),
          holes_played: 'all',
          strokes: strokes(total),
        })),
        {
          user_id: a.id,
          tee_id: teeId,
          played_on: daysAgo(5),
          holes_played: 'all',
          strokes: strokes(85),
          partner: { user_id: b.id, strokes: strokes(99) },
        },
      ],
    };
    const res = await eb.internal('POST', '/internal/rounds/import', body);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ rounds: 5, handicaps: 1 });
    expect(await handicapOf(a)).toMatchObject({ index: 14, rounds_counted: 3 });
    const [copy] = await toConfirm(b);
    expect(copy).toMatchObject({ gross: 99, recorded_by: { user_id: a.id } });
    const again = await eb.internal('POST', '/internal/rounds/import', body);
    expect(again.json()).toEqual({ rounds: 0, handicaps: 0 });
    expect((await eb.get('/rounds', a.token)).json().total).toBe(4);
    const asPerson = await eb.post('/internal/rounds/import', body, a.token);
    expect(asPerson.statusCode).toBe(401);
  });

  it('when a back-dated round would put a later quick total over its maximum, then the day is refused and nothing changes', async () => {
    const golfer = await eb.person();
    // Before an index every hole counts at most par + 5: 162 is the most a total may be.
    await recorded(golfer, base({ played_on: daysAgo(10), holes: undefined, total: 162 }));
    await recorded(golfer, base({ played_on: daysAgo(14), holes: card(90) }));
    await recorded(golfer, base({ played_on: daysAgo(13), holes: card(92) }));
    // A third round before it gives an index before its day, whose net double bogey is far below 162.
    expect(await errorsOf(golfer, base({ played_on: daysAgo(12), holes: card(88) }))).toEqual({
      played_on: ROUND_MESSAGES.laterTotalRefused,
    });
    expect((await handicapOf(golfer)).rounds_counted).toBe(3);
  });

  it('when rounds a partner counted since leave the quick total entered for them beyond what their record allows, then their copy still opens, without figures', async () => {
    const recorder = await eb.person();
    const partner = await eb.person();
    // Before the partner has an index a total may be up to par + 5 a hole: 125 is allowed then.
    await recorded(
      recorder,
      base({
        played_on: daysAgo(1),
        holes: undefined,
        total: 90,
        partners: [{ user_id: partner.id, total: 125 }],
      }),
    );
    // Three rounds before that day give the partner an index there, and a far lower maximum.
    for (const [i, total] of [85, 86, 84].entries())
      await recorded(partner, base({ played_on: daysAgo(20 - i), holes: card(total) }));
    const [copy] = await toConfirm(partner);
    const res = await eb.get(`/rounds/${copy!.id}`, partner.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().round).toMatchObject({
      status: 'to_confirm',
      adjusted_gross_score: null,
      differential: null,
    });
  });

  it('when two people confirm each other’s rounds at the same moment, then both confirmations count', async () => {
    for (let attempt = 0; attempt < 4; attempt++) {
      const [ann, ben] = [await eb.person(), await eb.person()];
      await recorded(ann, base({ played_on: daysAgo(2), partners: [{ user_id: ben.id, holes: card(95) }] }));
      await recorded(ben, base({ played_on: daysAgo(1), partners: [{ user_id: ann.id, holes: card(91) }] }));
      const [annsCopy] = await toConfirm(ann);
      const [bensCopy] = await toConfirm(ben);
      const answers = await Promise.all([
        eb.post(`/rounds/${annsCopy!.id}/confirm`, {}, ann.token),
        eb.post(`/rounds/${bensCopy!.id}/confirm`, {}, ben.token),
      ]);
      for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
      expect((await handicapOf(ann)).rounds_counted).toBe(2);
      expect((await handicapOf(ben)).rounds_counted).toBe(2);
    }
  });

  it('when a partner hid their profile, is unverified, or either blocked the other, then they are not there to pick', async () => {
    const golfer = await eb.person();
    const [hidden, unverified, blocker, blocked, friend] = await Promise.all([
      eb.person({ username: 'pickme_hidden' }),
      eb.person({ username: 'pickme_unverified' }),
      eb.person({ username: 'pickme_blocker' }),
      eb.person({ username: 'pickme_blocked' }),
      eb.person({ username: 'pickme_friend' }),
    ]);
    await eb.pool.query('update users set profile_visible = false where id = $1', [hidden.id]);
    await eb.pool.query('update users set email_verified = false where id = $1', [unverified.id]);
    const at = new Date().toISOString();
    const block = (blocker_user_id: number, blocked_user_id: number) =>
      eb.deliver(createEvent(UserBlocked, { blocker_user_id, blocked_user_id, blocked_at: at }, 'identity'));
    await block(blocker.id, golfer.id);
    await block(golfer.id, blocked.id);
    const found = (await eb.get('/rounds/partners?search=pickme', golfer.token)).json().people as Array<{
      user_id: number;
    }>;
    expect(found.map((p) => p.user_id)).toEqual([friend.id]);
    expect(
      await errorsOf(
        golfer,
        base({ partners: [hidden, unverified, blocker].map((p) => ({ user_id: p.id })) }),
      ),
    ).toEqual({
      'partners.0.user_id': ROUND_MESSAGES.partnerUnknown,
      'partners.1.user_id': ROUND_MESSAGES.partnerUnknown,
      'partners.2.user_id': ROUND_MESSAGES.partnerUnknown,
    });
    // Unblocked later: a partner again.
    await eb.deliver(
      createEvent(
        UserUnblocked,
        {
          blocker_user_id: golfer.id,
          blocked_user_id: blocked.id,
          unblocked_at: new Date(Date.now() + 1000).toISOString(),
        },
        'identity',
      ),
    );
    expect((await record(golfer, base({ partners: [{ user_id: blocked.id }] }))).statusCode).toBe(201);
  });
});
