import type { Notification } from '@linksmate/proto';
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NotificationBell } from '../../src/app/layout/NotificationBell';
import { NotificationsPage } from '../../src/features/notifications/routes/NotificationsPage';
import { announceSocketPush } from '../../src/lib/socket-pushes';
import { fakeApi } from '../support/fake-api';
import { renderInApp } from '../support/render';

const ME = { user_id: 7, role: 'member' };
const approval: Notification = {
  id: 41,
  kind: 'join_request_approved',
  title: "You're in: Saturday Stableford",
  body: 'The organiser approved your request to join.',
  link: '/events/9',
  count: 1,
  created_at: '2026-03-01T10:00:00.000Z',
  read_at: null,
};

describe('the notification centre', () => {
  it('when a notification is pushed, then the bell count rises in place; a collapsed one leaves it', async () => {
    const api = fakeApi().on('GET /notifications/unread-count', { unread_count: 1 });
    renderInApp(<NotificationBell />, { signedInAs: ME });
    expect(await screen.findByRole('link', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
    act(() =>
      announceSocketPush('notification:new', {
        recipient_user_id: 7,
        collapsed: false,
        notification: approval,
      }),
    );
    expect(await screen.findByRole('link', { name: 'Notifications, 2 unread' })).toBeInTheDocument();
    act(() =>
      announceSocketPush('notification:new', {
        recipient_user_id: 7,
        collapsed: true,
        notification: approval,
      }),
    );
    await waitFor(() => expect(api.sent('GET /notifications/unread-count').length).toBeGreaterThan(1));
  });

  it('when a notification is opened, then it is marked read and leads to its place; mark all read clears the rest', async () => {
    const api = fakeApi()
      .on('GET /notifications', {
        notifications: [approval],
        unread_count: 1,
        total: 1,
        limit: 20,
        offset: 0,
      })
      .on('POST /notifications/:id/read', {
        notification: { ...approval, read_at: approval.created_at },
        unread_count: 0,
      })
      .on('POST /notifications/read-all', { unread_count: 0 });
    const { user, router } = renderInApp(<NotificationsPage />, {
      signedInAs: ME,
      routes: [{ path: '/events/:id', element: <p>The game</p> }],
    });
    await screen.findByRole('link', { name: /You're in: Saturday Stableford/ });
    await user.click(screen.getByRole('button', { name: 'Mark all read' }));
    await waitFor(() => expect(api.sent('POST /notifications/read-all')).toHaveLength(1));
    await user.click(screen.getByRole('link', { name: /You're in: Saturday Stableford/ }));
    await waitFor(() =>
      expect(api.sent('POST /notifications/:id/read').map((r) => r.path)).toEqual(['/notifications/41/read']),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/events/9'));
  });
});
