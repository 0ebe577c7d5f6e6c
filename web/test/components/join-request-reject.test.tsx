import type { JoinRequest, JoinRequestsReply } from '@linksmate/proto';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { JoinRequestList } from '../../src/features/games/components/JoinRequestList';
import { fakeApi } from '../support/fake-api';
import { renderInApp } from '../support/render';

const request: JoinRequest = {
  id: 5,
  event_id: 30,
  user_id: 12,
  user_username: 'jack',
  user_first_name: 'Jack',
  user_last_name: 'Golfer',
  user_profile_image: null,
  user_handicap: 14,
  user_skill_level: null,
  notes: 'Happy to walk',
  requested_at: '2026-11-20T01:00:00.000Z',
};

async function openRequests() {
  const api = fakeApi();
  api.on('GET /member-games/30/join-requests', (): JoinRequestsReply => ({ join_requests: [request] }));
  api.on('PUT /member-games/30/join-requests/5/reject', {});
  const app = renderInApp(<JoinRequestList gameId={30} gameTitle="Sunday nine" />, {
    signedInAs: { user_id: 1 },
  });
  await screen.findByText('“Happy to walk”');
  return { api, ...app };
}

describe('rejecting a join request (docs/product.md#community-states)', () => {
  it('when Reject is clicked, then it asks first, saying the person is told, and nothing is sent until confirmed', async () => {
    const { api, user } = await openRequests();
    await user.click(screen.getByRole('button', { name: 'Reject Jack Golfer' }));

    const question = await screen.findByRole('dialog', { name: "Reject Jack Golfer's request?" });
    expect(question).toHaveTextContent('is told that the request was rejected');
    expect(api.sent('PUT /member-games/:id/join-requests/:rid/reject')).toEqual([]);

    await user.click(within(question).getByRole('button', { name: 'Reject request' }));
    await waitFor(() => expect(api.sent('PUT /member-games/:id/join-requests/:rid/reject')).toHaveLength(1));
  });

  it('when the question is answered Keep request, then nothing is sent', async () => {
    const { api, user } = await openRequests();
    await user.click(screen.getByRole('button', { name: 'Reject Jack Golfer' }));
    const question = await screen.findByRole('dialog', { name: "Reject Jack Golfer's request?" });
    await user.click(within(question).getByRole('button', { name: 'Keep request' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.sent('PUT /member-games/:id/join-requests/:rid/reject')).toEqual([]);
  });
});
