import type {
  AdminUsersReply,
  AdminVenue,
  AdminVenueListItem,
  AdminVenuesReply,
  CoachVenuesReply,
} from '@linksmate/proto';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CoachVenuesPanel } from '../../src/features/admin-coach-venues/components/CoachVenuesPanel';
import { UsersPage } from '../../src/features/admin-users/routes/UsersPage';
import { FeaturedImagePanel } from '../../src/features/admin-venues/components/FeaturedImagePanel';
import { VenuesAdminPage } from '../../src/features/admin-venues/routes/VenuesAdminPage';
import { type FakeApi, fakeApi } from '../support/fake-api';
import { anAdminUser } from '../support/fixtures';
import { renderInApp } from '../support/render';

const ADMIN = { user_id: 1, role: 'admin' };

/**
 * Clicks `button`: the question it opens says `saying` and nothing reaches `route` before the answer;
 * then confirms with `confirm` and waits for exactly one request.
 */
async function confirmsBeforeSending(
  api: FakeApi,
  user: ReturnType<typeof renderInApp>['user'],
  {
    button,
    dialog,
    saying,
    confirm,
    route,
  }: { button: HTMLElement; dialog: string; saying: string; confirm: string; route: string },
) {
  await user.click(button);
  const question = await screen.findByRole('dialog', { name: dialog });
  expect(question).toHaveTextContent(saying);
  expect(api.sent(route)).toEqual([]);
  await user.click(within(question).getByRole('button', { name: confirm }));
  await waitFor(() => expect(api.sent(route)).toHaveLength(1));
}

describe('admin actions that cannot be taken back ask first (docs/product.md#admin-states)', () => {
  const banned = anAdminUser(11, 'Mia', { banned: true, ban_reason: 'Spam' });
  const usersServer = () =>
    fakeApi()
      .on(
        'GET /admin/users',
        (): AdminUsersReply => ({
          users: [banned],
          pagination: { page: 1, limit: 25, total_pages: 1, total_count: 1 },
          banned_count: 1,
        }),
      )
      .on('POST /admin/users/11/unban', { message: 'User unbanned' })
      .on('POST /admin/users/11/send-reset-email', { message: 'Password reset email sent' });
  const openMenu = async (user: ReturnType<typeof renderInApp>['user']) => {
    await screen.findByText('mia@linksmate.dev');
    await user.click(screen.getByRole('button', { name: 'Actions for Mia Golfer' }));
  };

  it('when an admin picks Unban User, then it asks first and unbans only on "Unban"', async () => {
    const api = usersServer();
    const { user } = renderInApp(<UsersPage />, { at: '/admin/users', signedInAs: ADMIN });
    await openMenu(user);
    await confirmsBeforeSending(api, user, {
      button: await screen.findByRole('menuitem', { name: 'Unban User', hidden: true }),
      dialog: 'Unban User',
      confirm: 'Unban',
      route: 'POST /admin/users/:id/unban',
      saying: 'Unban Mia Golfer? They can log in',
    });
  });

  it('when an admin picks Password Reset, then it asks first and sends only on "Send reset e-mail"', async () => {
    const api = usersServer();
    const { user } = renderInApp(<UsersPage />, { at: '/admin/users', signedInAs: ADMIN });
    await openMenu(user);
    await confirmsBeforeSending(api, user, {
      button: await screen.findByRole('menuitem', { name: 'Password Reset', hidden: true }),
      dialog: 'Password Reset',
      confirm: 'Send reset e-mail',
      route: 'POST /admin/users/:id/send-reset-email',
      saying: 'mia@linksmate.dev',
    });
  });

  const submitted: AdminVenueListItem = {
    id: 7,
    slug: 'royal-fairway',
    name: 'Royal Fairway',
    address: '1 Links Rd',
    suburb: null,
    city: 'Sydney',
    state: 'NSW',
    country: 'Australia',
    venue_type: ['golf_course'],
    is_verified: false,
    is_active: true,
    review_status: 'pending',
    featured_image_url: null,
    gallery_count: 0,
    created_at: '2026-01-10T00:00:00.000Z',
  };
  const venuesServer = () =>
    fakeApi()
      .on('GET /admin/venues', (): AdminVenuesReply => ({ venues: [submitted], count: 1 }))
      .on('PUT /admin/venues/7/review', { venue: { ...submitted, review_status: 'approved' } });

  for (const [decision, confirm, sent] of [
    ['Approve', 'Approve venue', 'approved'],
    ['Reject', 'Reject venue', 'rejected'],
  ] as const)
    it(`when a submitted venue's ${decision} is clicked, then it asks first and sends the review only on "${confirm}"`, async () => {
      const api = venuesServer();
      const { user } = renderInApp(<VenuesAdminPage />, { at: '/admin/venues', signedInAs: ADMIN });
      await confirmsBeforeSending(api, user, {
        button: await screen.findByRole('button', { name: `${decision} Royal Fairway` }),
        dialog: `${decision} Venue`,
        saying: `${decision} Royal Fairway?`,
        confirm,
        route: 'PUT /admin/venues/:id/review',
      });
      expect(api.sent('PUT /admin/venues/:id/review')[0]?.body).toEqual({ review_status: sent });
    });

  it('when Remove image is clicked, then it asks first and deletes the featured image only on "Remove image"', async () => {
    const api = fakeApi().on('DELETE /upload/venue-photo/7', { message: 'Image deleted' });
    const venue = { id: 7, name: 'Royal Fairway', featured_image_url: '/uploads/royal.jpg' } as AdminVenue;
    const { user } = renderInApp(<FeaturedImagePanel venue={venue} />, { signedInAs: ADMIN });
    await confirmsBeforeSending(api, user, {
      button: screen.getByRole('button', { name: 'Remove image' }),
      dialog: 'Remove the featured image?',
      confirm: 'Remove image',
      route: 'DELETE /upload/venue-photo/:id',
      saying: 'Royal Fairway shows no featured image',
    });
  });

  it('when a coach\'s venue is removed, then it asks first and removes it only on "Remove venue"', async () => {
    const reply: CoachVenuesReply = {
      venues: [{ id: 3, venue_id: 7, venue_name: 'Royal Fairway', address: null, is_primary: false }],
    };
    const api = fakeApi()
      .on('GET /admin/coaches/5/venues', reply)
      .on('DELETE /admin/coaches/5/venues/7', { venues: [] });
    const { user } = renderInApp(<CoachVenuesPanel coachId={5} title="Venues" />, { signedInAs: ADMIN });
    await confirmsBeforeSending(api, user, {
      button: await screen.findByRole('button', { name: 'Remove Royal Fairway' }),
      dialog: 'Remove Royal Fairway?',
      confirm: 'Remove venue',
      route: 'DELETE /admin/coaches/:id/venues/:venue',
      saying: 'taken off the venues this coach teaches at',
    });
  });
});
