import type { AdminUser, AdminUsersReply, BulkActionReply } from '@linksmate/proto';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { UsersPage } from '../../src/features/admin-users/routes/UsersPage';
import { fakeApi, type SeenRequest } from '../support/fake-api';
import { anAdminUser } from '../support/fixtures';
import { renderInApp } from '../support/render';

const ADMIN = { user_id: 1, role: 'admin' };

const person = (id: number, first: string, banned = false): AdminUser => anAdminUser(id, first, { banned });

/** The admin service's user list: who is banned changes with a bulk ban. */
function adminServer() {
  const people = [person(11, 'Mia'), person(12, 'Jack'), person(13, 'Ava')];
  const api = fakeApi();
  api.on('GET /admin/users', (request: SeenRequest): AdminUsersReply => {
    const role = request.query.get('role');
    const users = role === 'admin' ? [] : people;
    return {
      users,
      pagination: { page: 1, limit: 25, total_pages: 1, total_count: users.length },
      banned_count: users.filter((p) => p.banned).length,
    };
  });
  api.on('POST /admin/users/bulk-ban', (request: SeenRequest): BulkActionReply => {
    const ids = (request.body as { user_ids: number[] }).user_ids;
    for (const p of people) if (ids.includes(p.id)) p.banned = true;
    return {
      message: `${ids.length} users banned`,
      succeeded: ids.length,
      failed: 0,
      results: ids.map((user_id) => ({ user_id, ok: true })),
    };
  });
  return api;
}

const checkbox = (name: string) => screen.getByRole('checkbox', { name });
const bulkBar = () => screen.queryByRole('region', { name: 'Selected users' });

async function openUsers() {
  const app = renderInApp(<UsersPage />, { at: '/admin/users', signedInAs: ADMIN });
  await screen.findByText('mia@linksmate.dev');
  return app;
}

describe("the users table's selection and bulk bar (docs/product.md#admin-sections)", () => {
  it('when nobody is selected, then there is no bulk bar; each row ticked counts, and Clear Selection empties it', async () => {
    const api = adminServer();
    const { user } = await openUsers();
    expect(bulkBar()).not.toBeInTheDocument();

    await user.click(checkbox('Select Mia Golfer'));
    expect(bulkBar()).toHaveTextContent('1 user selected');
    await user.click(checkbox('Select Jack Golfer'));
    expect(bulkBar()).toHaveTextContent('2 users selected');
    expect(checkbox('Select all')).toHaveAttribute('data-indeterminate', 'true');

    await user.click(within(bulkBar()!).getByRole('button', { name: 'Clear Selection' }));
    expect(bulkBar()).not.toBeInTheDocument();
    expect(checkbox('Select Mia Golfer')).not.toBeChecked();
    expect(api.unhandled).toEqual([]);
  });

  it('when Select all is ticked, then every row on the page is selected, and ticking it again selects none', async () => {
    adminServer();
    const { user } = await openUsers();
    await user.click(checkbox('Select all'));
    expect(bulkBar()).toHaveTextContent('3 users selected');
    for (const name of ['Mia', 'Jack', 'Ava']) expect(checkbox(`Select ${name} Golfer`)).toBeChecked();
    await user.click(checkbox('Select none'));
    expect(bulkBar()).not.toBeInTheDocument();
  });

  it('when the selected people are banned, then it asks first, sends exactly them, and the selection is cleared', async () => {
    const api = adminServer();
    const { user } = await openUsers();
    await user.click(checkbox('Select Mia Golfer'));
    await user.click(checkbox('Select Ava Golfer'));
    await user.click(within(bulkBar()!).getByRole('button', { name: 'Ban Selected' }));

    const question = await screen.findByRole('dialog', { name: 'Ban User' });
    expect(question).toHaveTextContent('2 selected users');
    expect(api.sent('POST /admin/users/bulk-ban')).toEqual([]);
    await user.type(within(question).getByRole('textbox', { name: /Reason/ }), 'Spam');
    await user.click(within(question).getByRole('button', { name: 'Ban User' }));

    await waitFor(() => expect(bulkBar()).not.toBeInTheDocument());
    expect(api.sent('POST /admin/users/bulk-ban')[0]?.body).toEqual({ user_ids: [11, 13], reason: 'Spam' });
    await waitFor(() => expect(screen.getAllByText('Banned')).toHaveLength(2));
  });

  it('when the list changes (another filter in the address), then what was selected in the old list is no longer selected', async () => {
    adminServer();
    const { user, router } = await openUsers();
    await user.click(checkbox('Select Mia Golfer'));
    expect(bulkBar()).toBeInTheDocument();
    await act(() => router.navigate('/admin/users?role=admin'));
    expect(await screen.findByText('No users found')).toBeInTheDocument();
    expect(bulkBar()).not.toBeInTheDocument();
  });
});
