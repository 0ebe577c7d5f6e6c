import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MembershipRedirect } from '../../src/app/layout/AppLayout';
import { JoinPanel } from '../../src/features/events/components/JoinPanel';
import { fakeApi } from '../support/fake-api';
import { anEvent } from '../support/fixtures';
import { renderInApp } from '../support/render';

/** A free member game someone else organises: joining it opens the request dialog. */
const game = anEvent({ id: 30, event_type: 'member_game', has_paid_slots: false, creator_user_id: 1 });

function openGame(membership_status: string | null) {
  const api = fakeApi();
  api.on('POST /events/30/join', { message: 'Request sent' });
  const app = renderInApp(
    <>
      <MembershipRedirect />
      <JoinPanel event={game} />
    </>,
    {
      at: '/events/30',
      path: '/events/:id',
      routes: [{ path: '/membership', element: <p>Membership plans</p> }],
      signedInAs: { user_id: 12, role: 'member', membership_status },
    },
  );
  return { api, ...app };
}

describe('joining without a membership (docs/product.md#membership-gate)', () => {
  it('when a member without a valid membership presses Request to Join, then no dialog opens and they are sent to /membership', async () => {
    const { api, user, router } = openGame('canceled');
    await user.click(screen.getByRole('button', { name: 'Request to Join' }));

    expect(screen.queryByRole('dialog', { name: 'Request to join' })).not.toBeInTheDocument();
    expect(await screen.findByText('Membership plans', undefined, { timeout: 6000 })).toBeInTheDocument();
    expect(router.state.location.state).toEqual({ required: true });
    expect(api.sent('POST /events/:id/join')).toEqual([]);
  });

  it('when the member has a valid membership, then Request to Join opens the dialog for a note', async () => {
    const { user } = openGame('active');
    await user.click(screen.getByRole('button', { name: 'Request to Join' }));
    expect(await screen.findByRole('dialog', { name: 'Request to join' })).toBeInTheDocument();
  });
});
