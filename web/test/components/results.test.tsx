import type { ResultPlayer, ResultsReply, ScoringTee } from '@linksmate/proto';
import { RESULT_MESSAGES } from '@linksmate/proto/rules/results';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ResultsPage } from '../../src/features/results/routes/ResultsPage';
import { ScoringPage } from '../../src/features/results/routes/ScoringPage';
import { fakeApi, reply } from '../support/fake-api';
import { dialogCloses, renderInApp } from '../support/render';

const ORGANISER = { user_id: 7, role: 'member' };
const tee: ScoringTee = {
  id: 31,
  gender: 'men',
  name: 'Blue',
  course_id: 3,
  course_name: 'Championship',
  par: 72,
  course_rating: 72,
  slope_rating: 113,
  holes: Array.from({ length: 18 }, (_, i) => ({ number: i + 1, par: 4, stroke_index: i + 1 })),
};

function player(id: number, name: string, extra: Partial<ResultPlayer> = {}): ResultPlayer {
  return {
    user_id: id,
    username: name.toLowerCase(),
    first_name: name,
    last_name: 'Golfer',
    profile_image_url: null,
    handicap_index: null,
    index_source: null,
    tee: 'men',
    playing_handicap: 0,
    strokes: null,
    received: null,
    points: null,
    gross: null,
    net: null,
    stableford: null,
    may_edit: true,
    round_id: null,
    ...extra,
  };
}

function results(extra: Partial<ResultsReply> = {}): ResultsReply {
  return {
    event: {
      id: 5,
      title: 'Friday Medley',
      event_type: 'member_game',
      venue_id: 2,
      venue_name: 'Moore Park',
      start_time: '2026-03-01T08:00:00.000Z',
      creator_user_id: 7,
    },
    status: 'open',
    format: 'stableford',
    tees: [tee],
    opened_at: '2026-03-01T13:00:00.000Z',
    closed_at: null,
    viewer: { is_organiser: true, is_player: false, may_open: false },
    players: [
      player(11, 'Ann'),
      player(12, 'Ben', { handicap_index: 12.3, index_source: 'profile', playing_handicap: 12 }),
    ],
    rankings: { stableford: [], gross: [], net: [] },
    ...extra,
  };
}

describe('game results', () => {
  it('when a hole is over 20 strokes, then the card says so under that hole and nothing is sent; a blank hole is sent as no score', async () => {
    const api = fakeApi()
      .on('GET /events/5/results', results())
      .on('PUT /events/5/scoring/cards/:userId', results());
    const { user } = renderInApp(<ScoringPage />, {
      signedInAs: ORGANISER,
      at: '/events/5/scoring',
      path: '/events/:eventId/scoring',
    });
    const ann = await screen.findByRole('region', { name: 'Ann Golfer' });
    const holes = within(ann).getAllByRole('textbox');
    expect(holes).toHaveLength(18);
    for (const [i, hole] of holes.entries()) if (i !== 5) await user.type(hole, '4');
    await user.type(holes[2]!, '1');
    await user.click(within(ann).getByRole('button', { name: 'Save card' }));
    expect(await within(ann).findByText(RESULT_MESSAGES.strokesRange)).toBeInTheDocument();
    expect(api.sent('PUT /events/5/scoring/cards/:userId')).toHaveLength(0);
    await user.clear(holes[2]!);
    await user.type(holes[2]!, '5');
    await user.click(within(ann).getByRole('button', { name: 'Save card' }));
    await waitFor(() => expect(api.sent('PUT /events/5/scoring/cards/:userId')).toHaveLength(1));
    const sent = api.sent('PUT /events/5/scoring/cards/:userId')[0]!;
    expect(sent.path).toBe('/events/5/scoring/cards/11');
    const strokes = Array.from({ length: 18 }, (_, i) => (i === 5 ? null : i === 2 ? 5 : 4));
    expect(sent.body).toEqual({ strokes, tee: 'men' });
  });

  it('when the server refuses a hole, then its words land under that hole', async () => {
    fakeApi()
      .on('GET /events/5/results', results())
      .on(
        'PUT /events/5/scoring/cards/:userId',
        reply(422, {
          error: 'Validation failed',
          code: 'validation_failed',
          errors: { 'strokes.0': RESULT_MESSAGES.strokesWhole },
        }),
      );
    const { user } = renderInApp(<ScoringPage />, {
      signedInAs: ORGANISER,
      at: '/events/5/scoring',
      path: '/events/:eventId/scoring',
    });
    const ben = await screen.findByRole('region', { name: 'Ben Golfer' });
    await user.click(within(ben).getByRole('button', { name: 'Save card' }));
    expect(await within(ben).findByText(RESULT_MESSAGES.strokesWhole)).toBeInTheDocument();
  });

  it('when the organiser closes scoring, then it asks first and closes only on yes', async () => {
    const api = fakeApi()
      .on('GET /events/5/results', results())
      .on(
        'POST /events/5/scoring/close',
        results({ status: 'closed', closed_at: '2026-03-01T14:00:00.000Z' }),
      );
    const { user } = renderInApp(<ScoringPage />, {
      signedInAs: ORGANISER,
      at: '/events/5/scoring',
      path: '/events/:eventId/scoring',
    });
    await user.click(await screen.findByRole('button', { name: 'Close scoring' }));
    const dialog = await screen.findByRole('dialog', { name: 'Close scoring?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep open' }));
    await dialogCloses('Close scoring?');
    expect(api.sent('POST /events/5/scoring/close')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Close scoring' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Close scoring?' })).getByRole('button', {
        name: 'Close scoring',
      }),
    );
    await waitFor(() => expect(api.sent('POST /events/5/scoring/close')).toHaveLength(1));
    expect(await screen.findByText(RESULT_MESSAGES.closed)).toBeInTheDocument();
  });

  it('when the results are switched to gross, then the table follows that ranking, shared places and countback shown', async () => {
    const ann = player(11, 'Ann', { gross: 81, net: 81, stableford: 27 });
    const ben = player(12, 'Ben', {
      gross: 81,
      net: 69,
      stableford: 27,
      handicap_index: 12.3,
      playing_handicap: 12,
    });
    fakeApi().on(
      'GET /events/5/results',
      results({
        status: 'closed',
        players: [ann, ben],
        rankings: {
          stableford: [
            { user_id: 11, position: 1, total: 27, countback: null },
            { user_id: 12, position: 1, total: 27, countback: null },
          ],
          gross: [
            { user_id: 12, position: 1, total: 81, countback: null },
            { user_id: 11, position: 2, total: 81, countback: 9 },
          ],
          net: [
            { user_id: 12, position: 1, total: 69, countback: null },
            { user_id: 11, position: 2, total: 81, countback: null },
          ],
        },
      }),
    );
    const { user } = renderInApp(<ResultsPage />, {
      signedInAs: ORGANISER,
      at: '/events/5/results',
      path: '/events/:eventId/results',
    });
    const stableford = await screen.findByRole('table', { name: 'Results, Stableford' });
    const firstRows = within(stableford).getAllByTestId('result-row');
    expect(firstRows.map((row) => within(row).getAllByRole('cell')[0]!.textContent)).toEqual(['T1', 'T1']);
    expect(within(firstRows[0]!).getByText(RESULT_MESSAGES.noHandicap)).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Gross' }));
    const gross = await screen.findByRole('table', { name: 'Results, Gross' });
    const rows = within(gross).getAllByTestId('result-row');
    expect(rows.map((row) => within(row).getAllByRole('cell')[1]!.textContent)).toEqual([
      'Ben Golfer',
      'Ann Golfer',
    ]);
    expect(within(rows[1]!).getByText(/countback, last 9/)).toBeInTheDocument();
  });

  it('when someone outside the game opens the results, then they read that only its players and organiser see them', async () => {
    fakeApi().on(
      'GET /events/5/results',
      reply(403, { error: RESULT_MESSAGES.notInGame, code: 'not_in_game' }),
    );
    renderInApp(<ResultsPage />, {
      signedInAs: { user_id: 99 },
      at: '/events/5/results',
      path: '/events/:eventId/results',
    });
    expect(await screen.findByText(RESULT_MESSAGES.notInGame)).toBeInTheDocument();
  });

  it('when a player records their closed card as a round, then it asks first, says it is in their rounds, and their rounds and index are read again', async () => {
    const mine = player(11, 'Ann', {
      strokes: Array.from({ length: 18 }, () => 4),
      gross: 72,
      net: 72,
      stableford: 36,
    });
    const closed = results({
      status: 'closed',
      players: [mine],
      viewer: { is_organiser: false, is_player: true, may_open: false },
    });
    const api = fakeApi()
      .on('GET /events/5/results', closed)
      .on('POST /events/5/results/round', {
        round_id: 88,
        results: { ...closed, players: [{ ...mine, round_id: 88 }] },
      });
    const { user, queryClient } = renderInApp(<ResultsPage />, {
      signedInAs: { user_id: 11 },
      at: '/events/5/results',
      path: '/events/:eventId/results',
    });
    // What the rounds page and the profile's index card keep, as they left it.
    queryClient.setQueryData(['rounds', 'handicap'], { handicap_index: 12.4 });
    await user.click(await screen.findByRole('button', { name: 'Record as my round' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record as your round?' });
    expect(api.sent('POST /events/5/results/round')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Record round' }));
    expect(await screen.findByText('Recorded in your rounds.')).toBeInTheDocument();
    expect(api.sent('POST /events/5/results/round')).toHaveLength(1);
    expect(queryClient.getQueryState(['rounds', 'handicap'])?.isInvalidated).toBe(true);
  });
});
