import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startVenues, type VenuesUnderTest } from './claim-fixtures';

describe('venues-coaches: reviewing profile claims (/admin/profile-claims)', () => {
  let venues: VenuesUnderTest;
  let adminToken: string;

  beforeAll(async () => {
    venues = await startVenues();
    adminToken = await venues.token('admin');
  });

  afterAll(() => venues?.close());

  const claimCoach = async (email: string) => {
    const coachId = await venues.coach({ first_name: 'Claire', last_name: 'Iron' });
    const res = await venues.claim({
      entityType: 'coach',
      entityId: coachId,
      email,
      password: 'Str0ng!pass',
    });
    expect(res.statusCode, res.body).toBe(201);
    return { coachId, claimId: res.json().claim.id as number, userId: res.json().claim.user_id as number };
  };
  const decide = (id: number, body: Record<string, unknown>) =>
    venues.app.inject({
      method: 'PUT',
      url: `/admin/profile-claims/${id}`,
      payload: body,
      headers: { authorization: `Bearer ${adminToken}` },
    });

  const listed = async (claimId: number) => {
    const res = await venues.app.inject({
      url: '/admin/profile-claims?limit=500&offset=0',
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    return { body: res.json(), claim: res.json().claims.find((c: { id: number }) => c.id === claimId) };
  };
  const detail = async (claimId: number) =>
    (
      await venues.app.inject({
        url: `/admin/profile-claims/${claimId}`,
        headers: { authorization: `Bearer ${adminToken}` },
      })
    ).json().claim;

  it('when a coach profile is claimed, then the claims table names the claimant’s account, not the coach: no name until they give one, always the e-mail they gave, and the coach as what is claimed', async () => {
    const { claimId, userId } = await claimCoach('listed.claimant@example.com');
    const { body, claim } = await listed(claimId);
    expect(body.counts.pending).toBeGreaterThanOrEqual(1);
    expect(claim).toMatchObject({
      user_id: userId,
      first_name: null,
      last_name: null,
      user_email: 'listed.claimant@example.com',
      entity_type: 'coach',
      entity_name: 'Claire Iron',
      contact_email: 'listed.claimant@example.com',
      status: 'pending',
    });
    expect(venues.identity.callsTo('/internal/accounts/names').at(-1)!.body.user_ids).toContain(userId);
  });

  it('when the claimant names their account, then the table and the details show that name, read from identity as the admin looks', async () => {
    const { claimId } = await claimCoach('ella.morgan@example.com');
    venues.identity.rename('ella.morgan@example.com', 'Ella', 'Morgan');
    expect((await listed(claimId)).claim).toMatchObject({
      first_name: 'Ella',
      last_name: 'Morgan',
      user_email: 'ella.morgan@example.com',
      entity_name: 'Claire Iron',
    });
    expect(await detail(claimId)).toMatchObject({ first_name: 'Ella', last_name: 'Morgan' });
  });

  it('when identity does not answer with names, then the table still comes, each requester by the e-mail they gave', async () => {
    const { claimId } = await claimCoach('quiet.identity@example.com');
    venues.identity.rename('quiet.identity@example.com', 'Quinn', 'Ides');
    venues.identity.failNames = true;
    try {
      expect((await listed(claimId)).claim).toMatchObject({
        first_name: null,
        last_name: null,
        user_email: 'quiet.identity@example.com',
        entity_name: 'Claire Iron',
      });
    } finally {
      venues.identity.failNames = false;
    }
  });

  it('when a claim is approved, then the claimant keeps the name they gave their account: only the role is asked of identity, and the answer names them, not the coach', async () => {
    const { claimId, userId } = await claimCoach('keeps.name@example.com');
    venues.identity.rename('keeps.name@example.com', 'Rohan', 'Iyer');
    const res = await decide(claimId, { status: 'approved' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().claim).toMatchObject({
      first_name: 'Rohan',
      last_name: 'Iyer',
      entity_name: 'Claire Iron',
    });
    const asked = venues.identity.calls.filter((c) => c.path.startsWith(`/internal/users/${userId}/`));
    expect(asked.map((c) => [c.path, c.body])).toEqual([
      [`/internal/users/${userId}/grant-role`, { role: 'coach', actor_user_id: expect.any(Number) }],
    ]);
    expect(venues.identity.account('keeps.name@example.com')).toMatchObject({
      first_name: 'Rohan',
      last_name: 'Iyer',
      role: 'coach',
    });
  });

  it('when a coach claim is approved, then the coach profile is the claimant’s, identity is asked for the coach role and the claimant is mailed', async () => {
    const { coachId, claimId, userId } = await claimCoach('approved.claimant@example.com');
    const res = await decide(claimId, { status: 'approved', admin_notes: 'Checked PGA card' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().claim).toMatchObject({ status: 'approved', admin_notes: 'Checked PGA card' });
    const { rows } = await venues.pool.query('select user_id from coaches where id = $1', [coachId]);
    expect(rows[0].user_id).toBe(userId);
    const [grant] = venues.identity.callsTo(`/internal/users/${userId}/grant-role`);
    expect(grant!.body).toMatchObject({ role: 'coach' });
    const mails = (await venues.published('notifications.email.requested')).filter(
      (e) => (e.data as { template: string }).template === 'profile-claim-decided',
    );
    expect(mails.at(-1)!.data).toMatchObject({
      to: 'approved.claimant@example.com',
      variables: { approved: true },
    });
    const again = await decide(claimId, { status: 'rejected' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('This claim has already been decided.');
  });

  it('when identity cannot give the role, then nothing is approved', async () => {
    const { coachId, claimId } = await claimCoach('unlucky.claimant@example.com');
    venues.identity.failGrants = true;
    const res = await decide(claimId, { status: 'approved' });
    venues.identity.failGrants = false;
    expect(res.statusCode).toBe(503);
    const { rows } = await venues.pool.query('select user_id from coaches where id = $1', [coachId]);
    expect(rows[0].user_id).toBeNull();
    expect(
      (await decide(claimId, { status: 'rejected', admin_notes: 'Could not verify' })).json().claim.status,
    ).toBe('rejected');
  });

  it('when a venue claim is approved, then the claimant runs the venue as a facility admin, published with a new version', async () => {
    const venueId = await venues.venue();
    const before = (await venues.pool.query('select version from venues where id = $1', [venueId])).rows[0];
    const claimed = await venues.claim({
      entityType: 'venue',
      entityId: venueId,
      email: 'owner@example.com',
      password: 'Str0ng!pass',
    });
    const claim = claimed.json().claim;
    expect((await decide(claim.id, { status: 'approved' })).statusCode).toBe(200);
    const { rows } = await venues.pool.query('select user_id from venue_admins where venue_id = $1', [
      venueId,
    ]);
    expect(rows).toEqual([{ user_id: claim.user_id }]);
    const [grant] = venues.identity.callsTo(`/internal/users/${claim.user_id}/grant-role`);
    expect(grant!.body).toMatchObject({ role: 'facility_admin' });
    const updates = (await venues.published('venues.venue.updated'))
      .map((e) => e.data as { venue_id: number; admin_user_ids?: number[]; version: number })
      .filter((data) => data.venue_id === venueId);
    expect(updates).toEqual([
      expect.objectContaining({ admin_user_ids: [claim.user_id], version: before.version + 1 }),
    ]);
  });

  it('when the decision is not approved or rejected, then 422, and members may not decide', async () => {
    const { claimId } = await claimCoach('pending.claimant@example.com');
    expect((await decide(claimId, { status: 'pending' })).json().errors).toEqual({
      status: 'Choose approved or rejected.',
    });
    const member = await venues.token('member');
    const refused = await venues.app.inject({
      method: 'PUT',
      url: `/admin/profile-claims/${claimId}`,
      payload: { status: 'approved' },
      headers: { authorization: `Bearer ${member}` },
    });
    expect(refused.statusCode).toBe(403);
  });
});
