import type { AdminUser, AdminUsersReply } from '@linksmate/proto';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { UsersPage } from '../../src/features/admin-users/routes/UsersPage';
import { fakeApi, held } from '../support/fake-api';
import { anAdminUser } from '../support/fixtures';
import { renderInApp } from '../support/render';

const ADMIN = { user_id: 1, role: 'admin' };

const person = (id: number, first: string, banned = false): AdminUser => anAdminUser(id, first, { banned });

/** The figure under a counter's label. */
const counter = (label: string) => screen.getByText(label).nextElementSibling;

describe("User Management's counters (docs/product.md#admin-sections)", () => {
  it('when the page shows three people of 60, one banned, then Total is the server total and Active and Banned count the page', async () => {
    const api = fakeApi();
    api.on(
      'GET /admin/users',
      (): AdminUsersReply => ({
        users: [person(11, 'Mia'), person(12, 'Jack', true), person(13, 'Ava')],
        pagination: { page: 1, limit: 25, total_pages: 3, total_count: 60 },
        // Banned among everyone matching: not what the spec's counter shows.
        banned_count: 9,
      }),
    );
    renderInApp(<UsersPage />, { at: '/admin/users', signedInAs: ADMIN });
    await screen.findByText('mia@linksmate.dev');
    expect(counter('Total Users')).toHaveTextContent('60');
    expect(counter('Active Users')).toHaveTextContent('2');
    expect(counter('Banned Users')).toHaveTextContent('1');
  });

  it('when the list has not come yet, then each counter shows a placeholder, not 0', async () => {
    const api = fakeApi();
    const list = held<AdminUsersReply>();
    api.on('GET /admin/users', list.answer);
    renderInApp(<UsersPage />, { at: '/admin/users', signedInAs: ADMIN });
    for (const label of ['Total Users', 'Active Users', 'Banned Users']) {
      expect(counter(label)).toHaveTextContent('—');
      expect(counter(label)).not.toHaveTextContent('0');
    }
    list.release({
      users: [person(11, 'Mia')],
      pagination: { page: 1, limit: 25, total_pages: 1, total_count: 1 },
      banned_count: 0,
    });
    await screen.findByText('mia@linksmate.dev');
    expect(counter('Banned Users')).toHaveTextContent('0');
  });
});
