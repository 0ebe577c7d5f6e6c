import type { AdminUserActionReply, AdminUsersReply, BulkActionReply } from '@linksmate/proto';
import { ADMIN_MESSAGES, BAN_REASON_MAX_LENGTH } from '@linksmate/proto/rules';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { UsersPage } from '../../src/features/admin-users/routes/UsersPage';
import { fakeApi, held, refusedText, reply } from '../support/fake-api';
import { anAdminUser } from '../support/fixtures';
import { dialogCloses, renderInApp } from '../support/render';

const ADMIN = { user_id: 1, role: 'admin' };
const mia = anAdminUser(11, 'Mia');
const jack = anAdminUser(12, 'Jack');

function usersServer() {
  return fakeApi().on(
    'GET /admin/users',
    (): AdminUsersReply => ({
      users: [mia, jack],
      pagination: { page: 1, limit: 25, total_pages: 1, total_count: 2 },
      banned_count: 0,
    }),
  );
}

async function openUsers() {
  const app = renderInApp(<UsersPage />, { at: '/admin/users', signedInAs: ADMIN });
  await screen.findByText('mia@linksmate.dev');
  return app;
}

type User = Awaited<ReturnType<typeof openUsers>>['user'];

async function openBan(user: User) {
  await user.click(screen.getByRole('button', { name: 'Actions for Mia Golfer' }));
  await user.click(await screen.findByRole('menuitem', { name: 'Ban User', hidden: true }));
  return screen.findByRole('dialog', { name: 'Ban User' });
}

const reasonBox = (dialog: HTMLElement) => within(dialog).getByRole('textbox', { name: /Reason/ });
const banButton = (dialog: HTMLElement) => within(dialog).getByRole('button', { name: 'Ban User' });
const banned: AdminUserActionReply = { message: 'User banned', user: { ...mia, banned: true } };

describe('the Ban User dialog (docs/product.md#admin-sections "Ban User", #admin-validation)', () => {
  it('when the reason is longer than the limit, then it says so under the field, keeps every character and sends nothing', async () => {
    const api = usersServer();
    const { user } = await openUsers();
    const dialog = await openBan(user);
    const pasted = 'x'.repeat(BAN_REASON_MAX_LENGTH + 1);
    await user.click(reasonBox(dialog));
    await user.paste(pasted);
    await user.click(banButton(dialog));

    expect(await within(dialog).findByText(ADMIN_MESSAGES.banReasonTooLong)).toBeInTheDocument();
    expect(reasonBox(dialog)).toHaveValue(pasted);
    expect(api.sent('POST /admin/users/:id/ban')).toEqual([]);
  });

  it('when a ban with a reason is confirmed, then the trimmed reason is sent, the button is busy until the answer, and the dialog closes', async () => {
    const api = usersServer();
    const answer = held<AdminUserActionReply>();
    api.on('POST /admin/users/11/ban', answer.answer);
    const { user } = await openUsers();
    const dialog = await openBan(user);
    await user.click(reasonBox(dialog));
    await user.paste('  Spam in messages  ');
    await user.click(banButton(dialog));

    await waitFor(() => expect(api.sent('POST /admin/users/:id/ban')).toHaveLength(1));
    expect(api.sent('POST /admin/users/:id/ban')[0]?.body).toEqual({ reason: 'Spam in messages' });
    await waitFor(() => expect(banButton(dialog)).toHaveAttribute('data-loading', 'true'));
    answer.release(banned);
    await dialogCloses('Ban User');
  });

  it('when no reason is given, then null is sent', async () => {
    const api = usersServer().on('POST /admin/users/11/ban', banned);
    const { user } = await openUsers();
    await user.click(banButton(await openBan(user)));
    await waitFor(() => expect(api.sent('POST /admin/users/:id/ban')[0]?.body).toEqual({ reason: null }));
  });

  it('when the server refuses the reason, then its words show under the reason and the reason stays to be mended', async () => {
    const api = usersServer().on('POST /admin/users/11/ban', refusedText('reason'));
    const { user } = await openUsers();
    const dialog = await openBan(user);
    await user.click(reasonBox(dialog));
    await user.paste('Spam');
    await user.click(banButton(dialog));

    expect(
      await within(dialog).findByText('reason contains characters that are not allowed'),
    ).toBeInTheDocument();
    expect(reasonBox(dialog)).toHaveValue('Spam');
    expect(api.sent('POST /admin/users/:id/ban')).toHaveLength(1);
  });

  it('when the dialog is closed and opened again, then the reason is empty (docs/product.md#admin-sections: closing resets)', async () => {
    usersServer();
    const { user } = await openUsers();
    let dialog = await openBan(user);
    await user.click(reasonBox(dialog));
    await user.paste('Spam');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await dialogCloses('Ban User');
    dialog = await openBan(user);
    expect(reasonBox(dialog)).toHaveValue('');
  });
});

async function openBulkGrant(user: User) {
  await user.click(screen.getByRole('checkbox', { name: 'Select Mia Golfer' }));
  await user.click(screen.getByRole('checkbox', { name: 'Select Jack Golfer' }));
  await user.click(screen.getByRole('button', { name: 'Grant Membership' }));
  return screen.findByRole('dialog', { name: 'Grant Membership' });
}

const choose = async (user: User, dialog: HTMLElement, field: string, option: string) => {
  await user.click(within(dialog).getByRole('combobox', { name: field }));
  await user.click(await screen.findByRole('option', { name: option, hidden: true }));
};

const granted = (ids: number[]): BulkActionReply => ({
  message: `${ids.length} users granted a membership`,
  succeeded: ids.length,
  failed: 0,
  results: ids.map((user_id) => ({ user_id, ok: true })),
});

describe('the bulk Grant Membership dialog (docs/product.md#admin-validation "Bulk grant")', () => {
  it('when nothing is changed, then premium for one month is sent for every selected person', async () => {
    const api = usersServer().on('POST /admin/users/bulk-grant-membership', granted([11, 12]));
    const { user } = await openUsers();
    const dialog = await openBulkGrant(user);
    await user.click(within(dialog).getByRole('button', { name: 'Grant Membership' }));
    await waitFor(() =>
      expect(api.sent('POST /admin/users/bulk-grant-membership')[0]?.body).toEqual({
        user_ids: [11, 12],
        membership_type: 'premium',
        duration: '1_months',
      }),
    );
  });

  it('when basic for a year is chosen, then that is sent, the button is busy until the answer, and the dialog closes', async () => {
    const api = usersServer();
    const answer = held<BulkActionReply>();
    api.on('POST /admin/users/bulk-grant-membership', answer.answer);
    const { user } = await openUsers();
    const dialog = await openBulkGrant(user);
    await choose(user, dialog, 'Membership type', 'Basic');
    await choose(user, dialog, 'Duration', '1 year');
    const grant = within(dialog).getByRole('button', { name: 'Grant Membership' });
    await user.click(grant);

    await waitFor(() => expect(api.sent('POST /admin/users/bulk-grant-membership')).toHaveLength(1));
    expect(api.sent('POST /admin/users/bulk-grant-membership')[0]?.body).toEqual({
      user_ids: [11, 12],
      membership_type: 'basic',
      duration: '1_years',
    });
    await waitFor(() => expect(grant).toHaveAttribute('data-loading', 'true'));
    answer.release(granted([11, 12]));
    await dialogCloses('Grant Membership');
  });

  it('when the server refuses the duration, then its words show under Duration and the dialog stays open', async () => {
    usersServer().on(
      'POST /admin/users/bulk-grant-membership',
      reply(422, {
        error: 'Duration must be 1 to 12 days, weeks, months or years, or lifetime.',
        code: 'validation_failed',
        errors: { duration: 'Duration must be from 1 to 12' },
      }),
    );
    const { user } = await openUsers();
    const dialog = await openBulkGrant(user);
    await user.click(within(dialog).getByRole('button', { name: 'Grant Membership' }));
    expect(await within(dialog).findByText('Duration must be from 1 to 12')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Grant Membership' })).toBeInTheDocument();
  });
});
