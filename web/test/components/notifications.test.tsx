import type {
  Notification,
  NotificationPreferencesBody,
  NotificationPreferencesReply,
} from '@linksmate/proto';
import { NOTIFICATION_DEFAULT_CHANNELS, NOTIFICATION_KINDS } from '@linksmate/proto/rules';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NotificationBell } from '../../src/app/layout/NotificationBell';
import { NotificationPreferencesCard } from '../../src/features/notifications/components/NotificationPreferencesCard';
import { NotificationsPage } from '../../src/features/notifications/routes/NotificationsPage';
import { announceSocketPush } from '../../src/lib/socket-pushes';
import { fakeApi, reply, type SeenRequest } from '../support/fake-api';
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

  it('when a kind is set to e-mail, then only that kind is saved and the card says it is saved; announcements offer no e-mail', async () => {
    const defaults: NotificationPreferencesReply = {
      preferences: NOTIFICATION_KINDS.map((kind) => ({ kind, channel: NOTIFICATION_DEFAULT_CHANNELS[kind] })),
    };
    const api = fakeApi()
      .on('GET /notifications/preferences', defaults)
      .on('PUT /notifications/preferences', (request: SeenRequest) => {
        const [changed] = (request.body as NotificationPreferencesBody).preferences;
        return {
          preferences: defaults.preferences.map((p) => (p.kind === changed?.kind ? changed : p)),
        };
      });
    const { user } = renderInApp(<NotificationPreferencesCard />, { signedInAs: ME });
    const messages = await screen.findByRole('combobox', { name: 'New direct message' });
    expect(messages).toHaveValue('in_app');
    const announcementChoices = within(screen.getByRole('combobox', { name: 'Platform announcements' }))
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(announcementChoices).toEqual(['In app', 'Off']);

    await user.selectOptions(messages, 'In app and e-mail');
    expect(await screen.findByText('Notification settings saved')).toBeInTheDocument();
    expect(api.sent('PUT /notifications/preferences').map((r) => r.body)).toEqual([
      { preferences: [{ kind: 'direct_message', channel: 'email' }] },
    ]);
    expect(screen.getByRole('combobox', { name: 'New direct message' })).toHaveValue('email');
  });

  it('when saving a choice fails, then the card says so and does not claim it saved', async () => {
    fakeApi()
      .on('GET /notifications/preferences', {
        preferences: NOTIFICATION_KINDS.map((kind) => ({
          kind,
          channel: NOTIFICATION_DEFAULT_CHANNELS[kind],
        })),
      })
      .on('PUT /notifications/preferences', reply(500, { error: 'Internal Server Error' }));
    const { user } = renderInApp(<NotificationPreferencesCard />, { signedInAs: ME });
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Booking confirmed' }), 'Off');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to save notification settings');
    expect(screen.queryByText('Notification settings saved')).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Booking confirmed' })).toHaveValue('in_app');
  });

  it('when reminders and membership notices are listed, then each shows what it says and leads to the game or the membership page', async () => {
    const reminder: Notification = {
      ...approval,
      id: 51,
      kind: 'reminder',
      title: 'In 2 hours: Twilight Stableford',
      body: 'Starts Sun, 6 Dec 2026, 8:30 am AEST at Royal Pines, 1 Ross Street, Benowa, QLD.',
      link: '/events/910',
    };
    const membership: Notification = {
      ...approval,
      id: 52,
      kind: 'membership',
      title: 'Your membership renews on 12 December 2026',
      body: 'Your saved card is charged for the next period then.',
      link: '/membership',
    };
    const api = fakeApi()
      .on('GET /notifications', {
        notifications: [reminder, membership],
        unread_count: 2,
        total: 2,
        limit: 20,
        offset: 0,
      })
      .on('POST /notifications/:id/read', (request: SeenRequest) => ({
        notification: {
          ...(request.path.endsWith('/51/read') ? reminder : membership),
          read_at: approval.created_at,
        },
        unread_count: 1,
      }));
    const { user, router } = renderInApp(<NotificationsPage />, {
      signedInAs: ME,
      routes: [
        { path: '/events/:id', element: <p>The game</p> },
        { path: '/membership', element: <p>Your membership</p> },
      ],
    });
    const toGame = await screen.findByRole('link', { name: /In 2 hours: Twilight Stableford/ });
    expect(toGame).toHaveTextContent('8:30 am AEST at Royal Pines, 1 Ross Street');
    expect(
      screen.getByRole('link', { name: /Your membership renews on 12 December 2026/ }),
    ).toBeInTheDocument();
    await user.click(toGame);
    await waitFor(() => expect(router.state.location.pathname).toBe('/events/910'));
    expect(api.sent('POST /notifications/:id/read').map((r) => r.path)).toEqual(['/notifications/51/read']);
  });

  it('when a membership notice is opened, then it leads to the membership page', async () => {
    const membership: Notification = {
      ...approval,
      id: 53,
      kind: 'membership',
      title: 'Your membership ends on 12 December 2026',
      body: 'It will not renew.',
      link: '/membership',
    };
    fakeApi()
      .on('GET /notifications', {
        notifications: [membership],
        unread_count: 1,
        total: 1,
        limit: 20,
        offset: 0,
      })
      .on('POST /notifications/:id/read', {
        notification: { ...membership, read_at: approval.created_at },
        unread_count: 0,
      });
    const { user, router } = renderInApp(<NotificationsPage />, {
      signedInAs: ME,
      routes: [{ path: '/membership', element: <p>Your membership</p> }],
    });
    await user.click(await screen.findByRole('link', { name: /Your membership ends on 12 December 2026/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/membership'));
  });

  it('when the settings are shown, then reminders and membership notices are offered, in the app and by e-mail until changed', async () => {
    fakeApi().on('GET /notifications/preferences', {
      preferences: NOTIFICATION_KINDS.map((kind) => ({ kind, channel: NOTIFICATION_DEFAULT_CHANNELS[kind] })),
    });
    renderInApp(<NotificationPreferencesCard />, { signedInAs: ME });
    const reminders = await screen.findByRole('combobox', { name: 'Reminders before your games and events' });
    expect(reminders).toHaveValue('email');
    expect(
      within(reminders)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['In app', 'In app and e-mail', 'Off']);
    expect(screen.getByRole('combobox', { name: 'Membership about to renew or end' })).toHaveValue('email');
  });
});
