import { USER_EXPORT_COLUMNS } from '@linksmate/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminUnderTest, snapshot, startAdmin } from './fixtures';

describe('admin: User Management (/admin/users)', () => {
  let admin: AdminUnderTest;
  let adminToken: string;
  let siteAdminToken: string;
  const ADMIN_ID = 1;

  beforeAll(async () => {
    admin = await startAdmin();
    adminToken = await admin.token('admin', ADMIN_ID);
    siteAdminToken = await admin.token('site_admin', 2);
  });

  afterAll(() => admin?.close());

  const list = async (query = '', token = adminToken) => {
    const res = await admin.request('GET', `/admin/users${query}`, token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  it('when people are listed, then newest come first, 25 a page, with the totals of every match and their badges', async () => {
    const before = (await list()).pagination.total_count;
    const people = [];
    for (let i = 0; i < 27; i++) people.push(await admin.person({ banned: i < 3 }));
    const lifetime = await admin.person({ membership: { type: 'lifetime', status: 'active' } });
    const lapsed = await admin.person({ membership: { type: 'annual', status: 'canceled' } });
    const page = await list();
    expect(page.users).toHaveLength(25);
    expect(page.users[0]).toMatchObject({
      id: lapsed.user_id,
      membership_type: 'free',
      role: 'user',
      account_role: 'member',
    });
    expect(page.users[1]).toMatchObject({
      id: lifetime.user_id,
      membership_type: 'lifetime',
      membership_status: 'active',
    });
    expect(page.pagination).toEqual({ page: 1, limit: 25, total_pages: 2, total_count: before + 29 });
    expect(page.banned_count).toBeGreaterThanOrEqual(3);
    const second = await list('?page=2');
    expect(second.users.map((u: { id: number }) => u.id)).not.toContain(page.users[0].id);
    expect(second.users.at(-1).id).toBe(people[0]!.user_id);
  });

  it('when searching by part of a name, e-mail or username in any case, then only those people come back', async () => {
    const ruby = await admin.person({
      first_name: 'Ruby',
      last_name: 'Stableford',
      username: 'putt_queen',
      email: 'ruby.s@fairways.au',
    });
    for (const term of ['stableford', 'RUBY', 'queen', 'fairways.au', 'ruby s']) {
      const found = await list(`?search=${encodeURIComponent(term)}`);
      expect(
        found.users.map((u: { id: number }) => u.id),
        term,
      ).toEqual([ruby.user_id]);
    }
    expect((await list('?search=%25_')).users).toEqual([]);
  });

  it('when a search matches more than a page, then each sort pages through every match once in order, with the matches and their bans counted on every page', async () => {
    const matches = [];
    for (let i = 0; i < 30; i++)
      matches.push(
        await admin.person({
          last_name: 'Pagewalker',
          email: `pw${String((i * 7) % 30).padStart(2, '0')}@walk.au`,
          role: i % 4 === 0 ? 'facility_admin' : 'member',
          banned: i % 5 === 0,
        }),
      );
    await admin.person({ last_name: 'Elsewhere' });
    type Listed = { email: string; created_at: string; account_role: string };
    const keyOf = { email: 'email', created_at: 'created_at', role: 'account_role' } as const;
    for (const sort of ['email', 'created_at', 'role'] as const) {
      for (const direction of ['asc', 'desc']) {
        const query = `?search=pagewalker&sort_by=${sort}&sort_order=${direction}&limit=12`;
        const pages = [
          await list(`${query}&page=1`),
          await list(`${query}&page=2`),
          await list(`${query}&page=3`),
        ];
        const seen = pages.flatMap((p) => p.users);
        expect(seen.map((u: { id: number }) => u.id).sort(), `${sort} ${direction}`).toEqual(
          matches.map((m) => m.user_id).sort(),
        );
        const keys = seen.map((u: Listed) => u[keyOf[sort]]);
        const sorted = [...keys].sort();
        expect(keys, `${sort} ${direction}`).toEqual(direction === 'asc' ? sorted : sorted.reverse());
        for (const page of pages) {
          expect(page.pagination).toMatchObject({ total_count: 30, total_pages: 3 });
          expect(page.banned_count).toBe(6);
        }
      }
    }
    const beyond = await list('?search=pagewalker&limit=12&page=4');
    expect(beyond.users).toEqual([]);
    expect(beyond.pagination.total_count).toBe(30);
    expect(beyond.banned_count).toBe(6);
  });

  it('when filtering by the spec’s role labels or sorting, then each label stands for its roles and a sort on the same field turns around', async () => {
    const coach = await admin.person({ role: 'coach', email: 'aaa.coach@example.com' });
    const facility = await admin.person({ role: 'facility_admin', email: 'zzz.facility@example.com' });
    const site = await admin.person({ role: 'site_admin' });
    const moderators = (await list('?role=moderator&limit=100')).users.map((u: { id: number }) => u.id);
    expect(moderators).toContain(facility.user_id);
    expect(moderators).not.toContain(coach.user_id);
    expect((await list('?role=admin&limit=100')).users.map((u: { id: number }) => u.id)).toContain(
      site.user_id,
    );
    expect((await list('?role=user&limit=100')).users.map((u: { id: number }) => u.id)).toContain(
      coach.user_id,
    );
    expect((await list('?role=coach')).users.map((u: { id: number }) => u.id)).toEqual([coach.user_id]);
    const byEmailAsc = (await list('?sort_by=email&sort_order=asc')).users;
    expect(byEmailAsc[0].email).toBe('aaa.coach@example.com');
    const byEmailDesc = (await list('?sort_by=email&sort_order=desc')).users;
    expect(byEmailDesc[0].email).toBe('zzz.facility@example.com');
  });

  it('when an admin bans and unbans a person, then the list shows it at once, identity is asked, and both are audited', async () => {
    const golfer = await admin.person();
    const banned = await admin.request('POST', `/admin/users/${golfer.user_id}/ban`, adminToken, {
      reason: 'Spam',
    });
    expect(banned.statusCode).toBe(200);
    expect(banned.json().user).toMatchObject({ id: golfer.user_id, banned: true, ban_reason: 'Spam' });
    expect(admin.owners.callsTo(`/${golfer.user_id}/ban`)[0]!.body).toEqual({
      actor_user_id: ADMIN_ID,
      reason: 'Spam',
    });
    const found = await list(`?search=${golfer.username}`);
    expect(found.users[0]).toMatchObject({ banned: true });
    // identity's own event of the same ban, arriving later, changes nothing.
    await admin.deliver('identity.user.banned', {
      ...snapshot({ ...golfer, banned: true }),
      reason: 'Spam',
      version: 2,
    });
    expect((await list(`?search=${golfer.username}`)).users[0]).toMatchObject({
      banned: true,
      ban_reason: 'Spam',
    });

    const unbanned = await admin.request('POST', `/admin/users/${golfer.user_id}/unban`, adminToken);
    expect(unbanned.json().user).toMatchObject({ banned: false, ban_reason: null });
    const entries = await admin.audit('ban');
    expect(entries.at(-1)).toMatchObject({
      actor_user_id: ADMIN_ID,
      actor_role: 'admin',
      target_user_id: golfer.user_id,
      outcome: 'done',
      details: { reason: 'Spam' },
    });
    expect((await admin.audit('unban')).at(-1)).toMatchObject({
      outcome: 'done',
      target_user_id: golfer.user_id,
    });
  });

  it('when identity refuses (the last admin, oneself), then its words and status come back and the refusal is audited', async () => {
    const lastAdmin = await admin.person({ role: 'admin' });
    admin.owners.refuseNext(409, { error: 'The platform must keep at least one admin.', code: 'last_admin' });
    const res = await admin.request('POST', `/admin/users/${lastAdmin.user_id}/ban`, adminToken, {});
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      error: 'The platform must keep at least one admin.',
      code: 'last_admin',
    });
    expect((await list(`?search=${lastAdmin.username}`)).users[0]).toMatchObject({ banned: false });
    expect((await admin.audit('ban')).at(-1)).toMatchObject({
      target_user_id: lastAdmin.user_id,
      outcome: 'refused',
      details: { status: 409, error: 'The platform must keep at least one admin.' },
    });
  });

  it('when roles change by label, then a label someone already has keeps their role, and only an admin gives or takes the admin role', async () => {
    const coach = await admin.person({ role: 'coach' });
    const same = await admin.request('PUT', `/admin/users/${coach.user_id}/role`, adminToken, {
      role: 'user',
    });
    expect(same.json()).toMatchObject({ message: 'Role unchanged', user: { account_role: 'coach' } });
    expect(admin.owners.callsTo(`/${coach.user_id}/role`)).toHaveLength(0);

    const moderator = await admin.request('PUT', `/admin/users/${coach.user_id}/role`, adminToken, {
      role: 'moderator',
    });
    expect(moderator.json().user).toMatchObject({ role: 'moderator', account_role: 'facility_admin' });

    const refused = await admin.request('PUT', `/admin/users/${coach.user_id}/role`, siteAdminToken, {
      role: 'admin',
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe('Only an admin can give or take the admin role.');
    expect(admin.owners.callsTo(`/${coach.user_id}/role`)).toHaveLength(1);
    expect((await admin.audit('change_role')).at(-1)).toMatchObject({
      outcome: 'refused',
      actor_role: 'site_admin',
    });

    const exact = await admin.request('PUT', `/admin/users/${coach.user_id}/role`, siteAdminToken, {
      role: 'coach_admin',
    });
    expect(exact.json().user).toMatchObject({ account_role: 'coach_admin' });
  });

  it('when a person is deleted, then they leave the list at once and an older event of theirs does not bring them back', async () => {
    const golfer = await admin.person({ username: 'soon_gone', banned: true });
    const before = await list('?role=user');
    const res = await admin.request('DELETE', `/admin/users/${golfer.user_id}`, adminToken);
    // The totals (kept by triggers) follow at once: one person and one ban fewer.
    const after = await list('?role=user');
    expect(after.pagination.total_count).toBe(before.pagination.total_count - 1);
    expect(after.banned_count).toBe(before.banned_count - 1);
    expect(res.json()).toEqual({ message: 'User deleted', user: null });
    expect((await list('?search=soon_gone')).users).toEqual([]);
    await admin.deliver('identity.user.updated', snapshot(golfer));
    expect((await list('?search=soon_gone')).users).toEqual([]);
    const { rows } = await admin.pool.query('select email, first_name from directory_users where id = $1', [
      golfer.user_id,
    ]);
    expect(rows[0]).toEqual({ email: '', first_name: null });
    expect((await admin.request('DELETE', `/admin/users/${golfer.user_id}`, adminToken)).statusCode).toBe(
      404,
    );
  });

  it('when a membership is granted, then the badge shows it at once; nobody known gets a 404 and payments is not asked', async () => {
    const golfer = await admin.person();
    const res = await admin.request('POST', `/admin/users/${golfer.user_id}/grant-membership`, adminToken, {
      membership_type: 'lifetime',
      duration: 'lifetime',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ membership_type: 'lifetime', membership_status: 'active' });
    const calls = admin.owners.callsTo('/grant-bulk').length;
    const missing = await admin.request('POST', '/admin/users/999999/grant-membership', adminToken, {
      membership_type: 'annual',
    });
    expect(missing.statusCode).toBe(404);
    expect(admin.owners.callsTo('/grant-bulk')).toHaveLength(calls);
  });

  it('when bulk actions name valid and missing people, then each id is answered on its own', async () => {
    const [a, b] = [await admin.person(), await admin.person()];
    const banned = await admin.request('POST', '/admin/users/bulk-ban', adminToken, {
      user_ids: [a.user_id, 999998, b.user_id],
      reason: 'Ring of fake accounts',
    });
    expect(banned.json()).toMatchObject({
      succeeded: 2,
      failed: 1,
      message: '2 users banned; 1 user not.',
      results: [
        { user_id: a.user_id, ok: true },
        { user_id: 999998, ok: false, error: 'User not found' },
        { user_id: b.user_id, ok: true },
      ],
    });
    const granted = await admin.request('POST', '/admin/users/bulk-grant-membership', adminToken, {
      user_ids: [a.user_id, 999997],
      membership_type: 'premium',
      duration: '3_months',
    });
    expect(granted.json()).toMatchObject({
      succeeded: 1,
      failed: 1,
      results: [
        { user_id: a.user_id, ok: true },
        { user_id: 999997, ok: false, error: 'User not found' },
      ],
    });
    expect((await list(`?search=${a.username}`)).users[0]).toMatchObject({
      banned: true,
      membership_type: 'premium',
    });
  });

  it('when an admin sends an e-mail or a password reset, then identity is asked and the spec’s words come back', async () => {
    const golfer = await admin.person();
    const mailed = await admin.request('POST', `/admin/users/${golfer.user_id}/send-email`, adminToken, {
      subject: 'Hello',
      message: 'Welcome aboard',
    });
    expect(mailed.json().message).toBe('Email sent successfully!');
    const reset = await admin.request('POST', `/admin/users/${golfer.user_id}/send-reset-email`, adminToken);
    expect(reset.json().message).toBe('Password reset email sent successfully!');
    const blank = await admin.request('POST', `/admin/users/${golfer.user_id}/send-email`, adminToken, {
      subject: '',
      message: 'x',
    });
    expect(blank.statusCode).toBe(400);
  });

  it('when 10,000 people are exported, then the CSV streams in chunks with the spec’s columns, every matching person and the dated name', async () => {
    await admin.manyPeople(10_000);
    const res = await admin.request(
      'GET',
      '/admin/users/export?sort_by=created_at&sort_order=asc',
      adminToken,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="users-export-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(res.headers['content-length']).toBeUndefined();
    const lines = res.body.trimEnd().split('\n');
    expect(lines[0]).toBe(USER_EXPORT_COLUMNS.join(','));
    const bulk = lines.filter((l) => l.includes('@example.com') && l.startsWith('1'));
    expect(bulk.length).toBeGreaterThanOrEqual(10_000);
    expect(lines[1]).toBe(
      '100001,bulk1@example.com,Bulk,Person 1,bulk1,member,free,,2025-01-01T00:01:00.000Z,,false',
    );
    const total = (await list()).pagination.total_count;
    expect(lines).toHaveLength(total + 1);
    const filtered = await admin.request('GET', '/admin/users/export?search=bulk999', adminToken);
    expect(filtered.body.trimEnd().split('\n')).toHaveLength(1 + 11);
  });

  it('when an export holds a value with a comma or a formula, then it is quoted or defused so the columns stay true', async () => {
    await admin.person({ first_name: 'Smith, Jr', last_name: '=HYPERLINK("x")', username: 'quoted_one' });
    const res = await admin.request('GET', '/admin/users/export?search=quoted_one', adminToken);
    expect(res.body.split('\n')[1]).toContain(`"Smith, Jr","'=HYPERLINK(""x"")",quoted_one`);
  });

  it('when called without a token or by a role the spec does not allow, then 401 or 403 and nothing changes', async () => {
    const golfer = await admin.person();
    const calls = admin.owners.calls.length;
    expect((await admin.request('GET', '/admin/users')).statusCode).toBe(401);
    for (const role of ['member', 'coach', 'coach_admin', 'facility_admin'] as const) {
      const token = await admin.token(role, 77);
      expect((await admin.request('GET', '/admin/users', token)).statusCode).toBe(403);
      expect((await admin.request('GET', '/admin/users/export', token)).statusCode).toBe(403);
      expect((await admin.request('POST', `/admin/users/${golfer.user_id}/ban`, token, {})).statusCode).toBe(
        403,
      );
      expect((await admin.request('DELETE', `/admin/users/${golfer.user_id}`, token)).statusCode).toBe(403);
    }
    expect(admin.owners.calls).toHaveLength(calls);
    expect((await list(`?search=${golfer.username}`)).users[0]).toMatchObject({ banned: false });
  });
});
