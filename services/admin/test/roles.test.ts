import { ROLES, type Role } from '@linksmate/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminUnderTest, startAdmin } from './fixtures';

const ADMIN_ROLES_RESERVED: Role[] = ['admin', 'site_admin'];

describe('admin: role changes in User Management (PUT /admin/users/{id}/role)', () => {
  let admin: AdminUnderTest;
  const tokens: Record<'admin' | 'site_admin', string> = { admin: '', site_admin: '' };
  const ACTOR_IDS = { admin: 1, site_admin: 2 } as const;

  beforeAll(async () => {
    admin = await startAdmin();
    tokens.admin = await admin.token('admin', ACTOR_IDS.admin);
    tokens.site_admin = await admin.token('site_admin', ACTOR_IDS.site_admin);
  });

  afterAll(() => admin?.close());

  const setRole = (userId: number, role: string, token: string) =>
    admin.request('PUT', `/admin/users/${userId}/role`, token, { role });

  it('when an admin or a site admin sets any role on anyone else, then only an admin gives or takes the admin roles, each refusal is 403 and every attempt is audited with from- and to-role', async () => {
    const outcomes: string[] = [];
    for (const acting of ['admin', 'site_admin'] as const)
      for (const from of ROLES)
        for (const to of ROLES) {
          if (from === to) continue;
          const person = await admin.person({ role: from });
          const res = await setRole(person.user_id, to, tokens[acting]);
          const allowed =
            acting === 'admin' || !(ADMIN_ROLES_RESERVED.includes(from) || ADMIN_ROLES_RESERVED.includes(to));
          outcomes.push(`${acting} ${from}→${to}: ${res.statusCode}`);
          const entry = (await admin.audit('change_role')).at(-1);
          expect(entry).toMatchObject({
            actor_user_id: ACTOR_IDS[acting],
            actor_role: acting,
            target_user_id: person.user_id,
            outcome: allowed ? 'done' : 'refused',
            details: { from_role: from, to_role: to },
          });
          if (allowed) {
            expect(res.json().user).toMatchObject({ account_role: to });
            expect(admin.owners.callsTo(`/${person.user_id}/role`)).toHaveLength(1);
          } else {
            expect(res.json()).toMatchObject({
              error: 'Only an admin can give or take the admin role.',
              code: 'admin_role_reserved',
            });
            expect(entry.details).toMatchObject({ status: 403 });
            expect(admin.owners.callsTo(`/${person.user_id}/role`)).toHaveLength(0);
          }
        }
    const refused = outcomes.filter((o) => o.endsWith('403'));
    expect(outcomes.filter((o) => !o.endsWith('200') && !o.endsWith('403'))).toEqual([]);
    // A site admin: every change from or to admin and site_admin (2 × 5 + 4 × 2).
    expect(refused).toHaveLength(18);
    expect(refused.every((o) => o.startsWith('site_admin'))).toBe(true);
  });

  it('when the role asked is the one the person has (by role or by label), then nothing is asked of identity and the role stays', async () => {
    const coach = await admin.person({ role: 'coach' });
    for (const role of ['coach', 'user']) {
      const res = await setRole(coach.user_id, role, tokens.admin);
      expect(res.json()).toMatchObject({ message: 'Role unchanged', user: { account_role: 'coach' } });
    }
    expect(admin.owners.callsTo(`/${coach.user_id}/role`)).toHaveLength(0);
  });

  it('when a role is changed, then identity is asked for exactly that role with the actor’s role, and the answer names the role set', async () => {
    const coach = await admin.person({ role: 'coach' });
    const res = await setRole(coach.user_id, 'coach_admin', tokens.site_admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Role changed to Moderator (coach admin)',
      user: { role: 'moderator', account_role: 'coach_admin' },
    });
    expect(admin.owners.callsTo(`/${coach.user_id}/role`)[0]!.body).toEqual({
      actor_user_id: ACTOR_IDS.site_admin,
      actor_role: 'site_admin',
      role: 'coach_admin',
    });
  });

  it('when someone changes their own role, then it is refused with 409 before identity is asked, and audited', async () => {
    const me = await admin.person({ role: 'admin' });
    const myToken = await admin.token('admin', me.user_id);
    const res = await setRole(me.user_id, 'member', myToken);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      error: 'You cannot do this to your own account.',
      code: 'not_yourself',
    });
    expect(admin.owners.callsTo(`/${me.user_id}/role`)).toHaveLength(0);
    expect((await admin.audit('change_role')).at(-1)).toMatchObject({
      actor_user_id: me.user_id,
      target_user_id: me.user_id,
      outcome: 'refused',
      details: { from_role: 'admin', to_role: 'member', status: 409 },
    });
  });

  it('when identity refuses a change the directory did not yet show (the role changed meanwhile), then its 403 comes back and is audited', async () => {
    const person = await admin.person({ role: 'coach' });
    admin.owners.refuseNext(403, {
      error: 'Only an admin can give or take the admin role.',
      code: 'admin_role_reserved',
    });
    const res = await setRole(person.user_id, 'member', tokens.site_admin);
    expect(res.statusCode).toBe(403);
    expect((await admin.audit('change_role')).at(-1)).toMatchObject({
      target_user_id: person.user_id,
      outcome: 'refused',
      details: { from_role: 'coach', to_role: 'member', status: 403 },
    });
  });

  it('when a role without User Management asks for a change, then 403, identity is not asked and each refusal is audited', async () => {
    const person = await admin.person({ role: 'member' });
    const roles = ['member', 'coach', 'coach_admin', 'facility_admin'] as const;
    for (const role of roles) {
      const res = await setRole(person.user_id, 'coach', await admin.token(role, 77));
      expect(res.statusCode).toBe(403);
    }
    expect(admin.owners.callsTo(`/${person.user_id}/role`)).toHaveLength(0);
    const entries = (await admin.audit('change_role')).slice(-roles.length);
    expect(entries.map((e) => e.actor_role)).toEqual([...roles]);
    for (const entry of entries)
      expect(entry).toMatchObject({
        actor_user_id: 77,
        target_user_id: person.user_id,
        outcome: 'refused',
        details: { status: 403 },
      });
    // Without a token nobody is known to audit; a malformed id is audited without a target.
    expect((await setRole(person.user_id, 'coach', undefined as never)).statusCode).toBe(401);
    expect((await setRole(99_999_999_999 as never, 'coach', await admin.token('coach', 78))).statusCode).toBe(
      403,
    );
    expect((await admin.audit('change_role')).at(-1)).toMatchObject({
      actor_user_id: 78,
      target_user_id: null,
    });
  });
});
