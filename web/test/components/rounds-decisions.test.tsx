import type { HandicapReply, RoundSummary } from '@linksmate/proto';
import { ROUND_MESSAGES } from '@linksmate/proto/rules/rounds';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ProfileHandicapCard } from '../../src/features/rounds/components/ProfileHandicapCard';
import { RoundsPage } from '../../src/features/rounds/routes/RoundsPage';
import { announceSocketPush } from '../../src/lib/socket-pushes';
import { fakeApi, reply } from '../support/fake-api';
import { renderInApp } from '../support/render';

const ME = { user_id: 7, role: 'member' };
const handicap: HandicapReply = {
  index: 14.2,
  low_index: null,
  cap: null,
  rounds_counted: 6,
  holes_counted: 108,
  history: [
    { date: '2026-10-01', index: 16.1 },
    { date: '2026-10-08', index: 15.0 },
    { date: '2026-10-15', index: 14.2 },
  ],
  updated_at: '2026-10-15T08:00:00.000Z',
};
const copy: RoundSummary = {
  id: 55,
  venue_id: 5,
  venue_name: 'Moore Park Golf',
  course_name: 'Championship',
  tee_name: 'Blue',
  tee_gender: 'men',
  played_on: '2026-11-20',
  holes_played: 'all',
  status: 'to_confirm',
  attested: false,
  has_card: true,
  gross: 88,
  adjusted_gross_score: null,
  differential: null,
  used_in_index: false,
  recorded_by: { user_id: 12, name: 'Mark Marker' },
};

function server() {
  return fakeApi()
    .on('GET /rounds/handicap', handicap)
    .on('GET /rounds/to-confirm', { rounds: [copy] })
    .on('GET /rounds', { rounds: [], total: 0, limit: 20, offset: 0 })
    .on('POST /rounds/:id/reject', reply(204))
    .on('POST /rounds/:id/confirm', { round: { ...copy, status: 'counting' } });
}

describe('rounds to confirm and the profile’s index', () => {
  it('when a partner rejects a round, then it asks first and sends nothing until answered', async () => {
    const api = server();
    const { user } = renderInApp(<RoundsPage />, { signedInAs: ME });
    const item = (await screen.findByText(/Recorded by Mark Marker/)).closest('li')!;
    await user.click(within(item).getByRole('button', { name: /^Reject/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject this round?' });
    expect(within(dialog).getByText(ROUND_MESSAGES.rejectQuestion)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(api.sent('POST /rounds/:id/reject')).toEqual([]);

    await user.click(within(item).getByRole('button', { name: /^Reject/ }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Reject round' }));
    await waitFor(() =>
      expect(api.sent('POST /rounds/:id/reject').map((r) => r.path)).toEqual(['/rounds/55/reject']),
    );
  });

  it('when a partner confirms, then it is one click', async () => {
    const api = server();
    const { user } = renderInApp(<RoundsPage />, { signedInAs: ME });
    const item = (await screen.findByText(/Recorded by Mark Marker/)).closest('li')!;
    await user.click(within(item).getByRole('button', { name: /^Confirm/ }));
    await waitFor(() =>
      expect(api.sent('POST /rounds/:id/confirm').map((r) => r.path)).toEqual(['/rounds/55/confirm']),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('when the index is copied into the profile, then it asks first, and says the index is not an official GA handicap', async () => {
    server();
    const copyToProfile = vi.fn(async () => ({}));
    const { user } = renderInApp(<ProfileHandicapCard manualHandicap={18} copy={copyToProfile} />, {
      signedInAs: ME,
    });
    expect(await screen.findByTestId('profile-handicap-index')).toHaveTextContent('14.2');
    expect(screen.getByText(ROUND_MESSAGES.notOfficial)).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /Handicap index history: 16.1 .* to 14.2/ })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Use it as my profile handicap' }));
    const dialog = await screen.findByRole('dialog', { name: 'Use your LinksMate index?' });
    expect(copyToProfile).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Replace handicap' }));
    await waitFor(() => expect(copyToProfile).toHaveBeenCalledWith(14.2));
  });

  it('when a partner records a round with the person while /rounds is open, then it shows under Rounds to confirm without a reload', async () => {
    const api = server().on('GET /rounds/to-confirm', { rounds: [] });
    renderInApp(<RoundsPage />, { signedInAs: ME });
    await waitFor(() => expect(api.sent('GET /rounds/to-confirm')).toHaveLength(1));
    expect(screen.queryByText(/Recorded by Mark Marker/)).not.toBeInTheDocument();
    api.on('GET /rounds/to-confirm', { rounds: [copy] });
    act(() =>
      announceSocketPush('notification:new', {
        recipient_user_id: 7,
        collapsed: false,
        notification: {
          id: 1,
          kind: 'round_to_confirm',
          title: 'Round to confirm: Championship, Moore Park Golf',
          body: 'Mark Marker recorded your round.',
          link: '/rounds/55',
          count: 1,
          created_at: '2026-11-20T10:00:00.000Z',
          read_at: null,
        },
      }),
    );
    expect(await screen.findByText(/Recorded by Mark Marker/)).toBeInTheDocument();
  });
});
