import type { Course } from '@linksmate/proto';
import { latestRoundDay, ROUND_MESSAGES } from '@linksmate/proto/rules/rounds';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { RecordRoundForm } from '../../src/features/rounds/components/RecordRoundForm';
import { fakeApi, reply } from '../support/fake-api';
import { renderInApp } from '../support/render';

const ME = { user_id: 7, role: 'member' };
const PARS = [4, 4, 3, 5, 4, 4, 3, 5, 4, 4, 4, 3, 5, 4, 4, 3, 5, 4];
const course: Course = {
  id: 31,
  venue_id: 5,
  name: 'Championship',
  holes: 18,
  typical_values: true,
  updated_at: '2026-01-01T00:00:00.000Z',
  tees: [
    {
      id: 77,
      course_id: 31,
      name: 'Blue',
      gender: 'men',
      par: 72,
      course_rating: 71.4,
      slope_rating: 128,
      holes: PARS.map((par, i) => ({ number: i + 1, par, stroke_index: ((i * 7) % 18) + 1 })),
    },
  ],
};

function server() {
  return fakeApi()
    .on('GET /venues', {
      venues: [{ id: 5, name: 'Moore Park Golf', city: 'Sydney', state: 'NSW' }],
      count: 1,
    })
    .on('GET /venues/:id/courses', { courses: [course] })
    .on('GET /rounds/partners', (request: { query: URLSearchParams }) => ({
      people: request.query.get('search')?.toLowerCase().startsWith('ma')
        ? [{ user_id: 12, name: 'Mark Marker' }]
        : request.query.get('search')?.toLowerCase().startsWith('ka')
          ? [{ user_id: 13, name: 'Kate Keeper' }]
          : [],
    }));
}

/** An option of an open picker (happy-dom lays nothing out, so the list counts as hidden). */
const option = (name: string | RegExp) => screen.findByRole('option', { name, hidden: true });

async function openForm() {
  const onRecorded = vi.fn();
  const app = renderInApp(<RecordRoundForm onRecorded={onRecorded} onCancel={() => {}} />, {
    signedInAs: ME,
  });
  const { user } = app;
  await user.click(screen.getByRole('combobox', { name: /Venue/ }));
  await user.click(await option(/Moore Park Golf/));
  await user.click(screen.getByRole('combobox', { name: /Course/ }));
  await user.click(await option(/Championship/));
  await user.click(screen.getByRole('combobox', { name: /Tee/ }));
  await user.click(await option(/Blue/));
  return { ...app, onRecorded };
}

const holeInput = (hole: number, who = '') =>
  screen.getByRole('textbox', { name: `Hole ${hole} strokes${who ? ` for ${who}` : ''}` });

describe('Record a round', () => {
  it('when nothing is chosen, then each picker and the date say what is missing and nothing is sent', async () => {
    const api = server();
    const { user } = renderInApp(<RecordRoundForm onRecorded={() => {}} onCancel={() => {}} />, {
      signedInAs: ME,
    });
    await user.click(screen.getByRole('button', { name: 'Record round' }));
    expect(await screen.findByText(ROUND_MESSAGES.venueRequired)).toBeInTheDocument();
    expect(screen.getByText(ROUND_MESSAGES.courseRequired)).toBeInTheDocument();
    expect(screen.getByText(ROUND_MESSAGES.teeRequired)).toBeInTheDocument();
    expect(screen.getByText(ROUND_MESSAGES.dateRequired)).toBeInTheDocument();
    expect(api.sent('POST /rounds')).toEqual([]);
  });

  it('when a tee is chosen, then the card has its 18 holes; a hole out of 1–20 or left blank is named and nothing is sent', async () => {
    const api = server();
    const { user } = await openForm();
    expect(screen.getAllByRole('textbox', { name: /^Hole \d+ strokes$/ })).toHaveLength(18);
    await user.type(screen.getByLabelText(/Date played/), latestRoundDay(new Date()));
    for (let hole = 1; hole <= 18; hole++) await user.type(holeInput(hole), hole === 4 ? '21' : '5');
    await user.clear(holeInput(9));
    await user.click(screen.getByRole('button', { name: 'Record round' }));
    expect(await screen.findByText(`Hole 4: ${ROUND_MESSAGES.strokesRange}`)).toBeInTheDocument();
    expect(screen.getByText(`Hole 9: ${ROUND_MESSAGES.strokesRequired}`)).toBeInTheDocument();
    expect(holeInput(4)).toHaveAttribute('aria-invalid', 'true');
    expect(api.sent('POST /rounds')).toEqual([]);
  });

  it('when the front nine is chosen, then the card has holes 1–9 only', async () => {
    server();
    const { user } = await openForm();
    await user.click(screen.getByRole('radio', { name: /Front nine/ }));
    expect(screen.getAllByRole('textbox', { name: /^Hole \d+ strokes$/ })).toHaveLength(9);
    expect(screen.queryByRole('textbox', { name: 'Hole 10 strokes' })).not.toBeInTheDocument();
  });

  it('when a card and a partner with their card are sent, then the body is the card by path; the server’s refusal lands under its field', async () => {
    const api = server();
    api.on(
      'POST /rounds',
      reply(422, {
        error: ROUND_MESSAGES.teeNotOnCourse,
        code: 'validation_failed',
        errors: {
          tee_id: ROUND_MESSAGES.teeNotOnCourse,
          'partners.0.holes.2.strokes': ROUND_MESSAGES.strokesRange,
        },
      }),
    );
    const { user, onRecorded } = await openForm();
    await user.type(screen.getByLabelText(/Date played/), '2026-11-01');
    await user.type(screen.getByRole('combobox', { name: 'Add a playing partner' }), 'mar');
    await user.click(await option('Mark Marker'));
    expect(screen.getAllByRole('textbox', { name: /^Hole \d+ strokes for Mark Marker$/ })).toHaveLength(18);
    for (let hole = 1; hole <= 18; hole++) {
      await user.type(holeInput(hole), '5');
      await user.type(holeInput(hole, 'Mark Marker'), '6');
    }
    await user.click(screen.getByRole('button', { name: 'Record round' }));
    await waitFor(() => expect(api.sent('POST /rounds')).toHaveLength(1));
    const body = api.sent('POST /rounds')[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({
      venue_id: 5,
      course_id: 31,
      tee_id: 77,
      played_on: '2026-11-01',
      holes_played: 'all',
      pcc: 0,
      partners: [{ user_id: 12, holes: Array.from({ length: 18 }, () => ({ strokes: 6 })) }],
    });
    expect(body.holes).toEqual(Array.from({ length: 18 }, () => ({ strokes: 5 })));
    expect(await screen.findByText(ROUND_MESSAGES.teeNotOnCourse)).toBeInTheDocument();
    expect(screen.getByText(`Mark Marker, hole 3: ${ROUND_MESSAGES.strokesRange}`)).toBeInTheDocument();
    expect(onRecorded).not.toHaveBeenCalled();

    api.on('POST /rounds', { round: { id: 901 } });
    await user.click(screen.getByRole('button', { name: 'Record round' }));
    await waitFor(() => expect(onRecorded).toHaveBeenCalledWith(901));
  });

  it('when a partner is removed, then the refusals of those after them stay beside their names and theirs go', async () => {
    const api = server();
    api.on(
      'POST /rounds',
      reply(422, {
        error: ROUND_MESSAGES.partnerUnknown,
        code: 'validation_failed',
        errors: { 'partners.1.user_id': ROUND_MESSAGES.partnerUnknown },
      }),
    );
    const { user } = await openForm();
    await user.type(screen.getByLabelText(/Date played/), '2026-11-03');
    await user.click(screen.getByRole('radio', { name: 'Quick total' }));
    await user.type(screen.getByRole('textbox', { name: 'Your total' }), '90');
    for (const [typed, name] of [
      ['ma', 'Mark Marker'],
      ['ka', 'Kate Keeper'],
    ] as const) {
      await user.type(screen.getByRole('combobox', { name: 'Add a playing partner' }), typed);
      await user.click(await option(name));
    }
    await user.click(screen.getByRole('button', { name: 'Record round' }));
    const besideKate = () => screen.getByRole('button', { name: 'Remove Kate Keeper' }).parentElement!;
    await waitFor(() =>
      expect(within(besideKate()).getByText(ROUND_MESSAGES.partnerUnknown)).toBeInTheDocument(),
    );

    await user.click(screen.getByRole('button', { name: 'Remove Mark Marker' }));
    expect(within(besideKate()).getByText(ROUND_MESSAGES.partnerUnknown)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove Kate Keeper' }));
    expect(screen.queryByText(ROUND_MESSAGES.partnerUnknown)).not.toBeInTheDocument();
  });

  it('when a quick total is chosen and a partner’s total left blank, then only the own total is sent and the partner only confirms', async () => {
    const api = server();
    api.on('POST /rounds', { round: { id: 902 } });
    const { user, onRecorded } = await openForm();
    await user.type(screen.getByLabelText(/Date played/), '2026-11-02');
    await user.type(screen.getByRole('combobox', { name: 'Add a playing partner' }), 'ma');
    await user.click(await option('Mark Marker'));
    await user.click(screen.getByRole('radio', { name: 'Quick total' }));
    await user.type(screen.getByRole('textbox', { name: 'Your total' }), '88');
    await user.click(screen.getByRole('button', { name: 'Record round' }));
    await waitFor(() => expect(onRecorded).toHaveBeenCalledWith(902));
    const body = api.sent('POST /rounds')[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({ total: 88, partners: [{ user_id: 12 }] });
    expect(body.holes).toBeUndefined();
    expect(within(document.body).queryByText(/Check the fields/)).not.toBeInTheDocument();
  });
});
