import * as messaging from '@linksmate/messaging';
import { createLocalVerifier } from '@linksmate/platform';
import * as venuesCoaches from '@linksmate/venues-coaches';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MailCatcher } from '../src/mail-catcher';
import { type IdentityOnBus, PASSWORD, startIdentity } from './fixtures/identity-on-bus';
import { RabbitServices } from './fixtures/rabbit-services';

const SERVICE_TOKEN = 'profile-claims-integration-token';

/** What the calls used here answer: an error, a token, or a claim. */
interface Answer {
  error?: string;
  code?: string;
  message?: string;
  token?: string;
  claim?: { id: number; user_id: number | null; entity_id: number; status: string };
}

describe('profile claims over RabbitMQ: gateway → venues-coaches → identity → outbox → RabbitMQ → messaging → SMTP', () => {
  const services = new RabbitServices();
  const smtp = new MailCatcher();
  let identity: IdentityOnBus;
  let base: string;

  beforeAll(async () => {
    await smtp.start();
    identity = await startIdentity(services, SERVICE_TOKEN);
    const jwks = identity.env.JWKS_URL;
    await services.start(
      'messaging',
      messaging.migrationsFolder,
      (env, bus) => messaging.buildApp(messaging.loadMessagingConfig(env), { bus }),
      { SMTP_URL: smtp.smtpUrl, PUBLIC_URL: 'http://linksmate.test', JWKS_URL: jwks },
    );
    const venuesApp = await services.start(
      'venues-coaches',
      venuesCoaches.migrationsFolder,
      (env, bus) => venuesCoaches.buildApp(venuesCoaches.loadVenuesCoachesConfig(env), { bus }),
      identity.env,
    );
    const venuesUrl = await venuesApp.listen({ port: 0, host: '127.0.0.1' });

    ({ base } = await services.gateway('gateway', { ...identity.env, VENUES_URL: venuesUrl }));
  });

  afterAll(async () => {
    await services.close();
    await smtp.stop();
  });

  async function api(method: string, path: string, body?: unknown) {
    const res = await fetch(`${base}/api/v1${path}`, {
      method,
      headers: body ? { 'content-type': 'application/json' } : {},
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, body: (await res.json()) as Answer };
  }

  const claim = (entityId: number, email: string, password = PASSWORD) =>
    api('POST', '/claim-profile', { entityType: 'coach', entityId, email, password });

  async function coach(firstName: string, lastName: string): Promise<number> {
    const { rows } = await services.query<{ id: number }>(
      'venues-coaches',
      'insert into coaches (first_name, last_name) values ($1, $2) returning id',
      [firstName, lastName],
    );
    return rows[0]!.id;
  }

  const accounts = async (email: string) =>
    (
      await services.query<{ id: number; username: string; role: string; email_verified_at: Date | null }>(
        'identity',
        'select id, username, role, email_verified_at from users where lower(email) = lower($1)',
        [email],
      )
    ).rows;

  const claimsOf = async (coachId: number) =>
    (
      await services.query<{ id: number; user_id: number | null; status: string }>(
        'venues-coaches',
        `select id, user_id, status from profile_claims where entity_type = 'coach' and entity_id = $1`,
        [coachId],
      )
    ).rows;

  const namesOf = async (userId: number) =>
    (
      await services.query<{ first_name: string | null; last_name: string | null }>(
        'identity',
        'select first_name, last_name from users where id = $1',
        [userId],
      )
    ).rows[0];

  const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;

  it('when a coach profile is claimed, then an unverified member account without the coach’s names is made, its verification mail arrives, the claim waits for review, and once an admin approves it the claimant keeps the name they gave, logs in with the coach role and is told by e-mail', async () => {
    const coachId = await coach('Marcus', 'Fraser');
    const res = await claim(coachId, 'marcus.fraser@example.com');
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(
      'Profile claimed successfully! Please check your email to verify your account.',
    );
    const claimId = res.body.claim!.id;

    const [account] = await accounts('marcus.fraser@example.com');
    expect(account).toMatchObject({ username: 'marcus_fraser', role: 'member', email_verified_at: null });
    expect(res.body.claim).toMatchObject({ user_id: account!.id, status: 'pending', entity_id: coachId });
    expect(await claimsOf(coachId)).toEqual([{ id: claimId, user_id: account!.id, status: 'pending' }]);

    const mail = await smtp.waitFor((m) => m.to.includes('marcus.fraser@example.com'), 20_000);
    expect(mail.subject).toBe('Verify your email for LinksMate');
    expect(mail.links[0]).toMatch(/^http:\/\/linksmate\.test\/verify-email\?token=/);

    const early = await api('POST', '/auth/login', {
      email: 'marcus.fraser@example.com',
      password: PASSWORD,
    });
    expect(early.status).toBe(403);
    expect(early.body.code).toBe('email_not_verified');

    const verified = await api(
      'GET',
      `/auth/verify-email?token=${encodeURIComponent(tokenOf(mail.links[0]!))}`,
    );
    expect(verified.status).toBe(200);
    const login = await api('POST', '/auth/login', {
      email: 'marcus.fraser@example.com',
      password: PASSWORD,
    });
    expect(login.status).toBe(200);
    const keys = (await identity.app.inject('/.well-known/jwks.json')).json();
    expect(await createLocalVerifier(keys).verify(login.body.token!)).toMatchObject({
      user_id: account!.id,
      role: 'member',
    });

    // The claim gave the account none of the coach's names: the person gives their own.
    expect(await namesOf(account!.id)).toEqual({ first_name: null, last_name: null });
    const named = await fetch(`${base}/api/v1/profile`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${login.body.token}` },
      body: JSON.stringify({ first_name: 'Marc', last_name: 'Claimant' }),
    });
    expect(named.status, await named.text()).toBe(200);

    // An admin approves the claim through the gateway: the profile and the coach role are theirs.
    const adminToken = await adminLogin();
    const approved = await fetch(`${base}/api/v1/admin/profile-claims/${claimId}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
      body: JSON.stringify({ status: 'approved', admin_notes: 'PGA membership checked' }),
    });
    expect(approved.status).toBe(200);
    // Approval gives the role and the profile, never the profile's name: the claimant keeps theirs,
    // and the claims table names them, with the coach as what they claimed.
    expect(await namesOf(account!.id)).toEqual({ first_name: 'Marc', last_name: 'Claimant' });
    const listed = (await (
      await fetch(`${base}/api/v1/admin/profile-claims?limit=500`, {
        headers: { authorization: `Bearer ${adminToken}` },
      })
    ).json()) as { claims: Array<Record<string, unknown>> };
    expect(listed.claims.find((c) => c.id === claimId)).toMatchObject({
      first_name: 'Marc',
      last_name: 'Claimant',
      user_email: 'marcus.fraser@example.com',
      entity_name: 'Marcus Fraser',
      status: 'approved',
    });
    const { rows } = await services.query<{ user_id: number }>(
      'venues-coaches',
      'select user_id from coaches where id = $1',
      [coachId],
    );
    expect(rows[0]!.user_id).toBe(account!.id);
    const coachLogin = await api('POST', '/auth/login', {
      email: 'marcus.fraser@example.com',
      password: PASSWORD,
    });
    expect(await createLocalVerifier(keys).verify(coachLogin.body.token!)).toMatchObject({ role: 'coach' });
    const told = await smtp.waitFor(
      (m) => m.to.includes('marcus.fraser@example.com') && m.subject === 'Your profile claim was approved',
      20_000,
    );
    expect(told.text).toContain('Note from our team: PGA membership checked');
    const again = await fetch(`${base}/api/v1/admin/profile-claims/${claimId}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
      body: JSON.stringify({ status: 'rejected' }),
    });
    expect(again.status).toBe(409);
  });

  async function adminLogin(): Promise<string> {
    await identity.app.inject({
      method: 'POST',
      url: '/internal/accounts',
      headers: { 'x-service-token': SERVICE_TOKEN },
      payload: {
        username: 'claims_admin',
        email: 'claims.admin@example.com',
        password: PASSWORD,
        verified: true,
        role: 'admin',
      },
    });
    const login = await api('POST', '/auth/login', { email: 'claims.admin@example.com', password: PASSWORD });
    return login.body.token!;
  }

  it('when the profile already has a pending claim, then 409 and the second claimant gets no account', async () => {
    const coachId = await coach('Priya', 'Nair');
    expect((await claim(coachId, 'priya.nair@example.com')).status).toBe(201);
    const second = await claim(coachId, 'not.priya@example.com');
    expect(second.status).toBe(409);
    expect(second.body.error).toBe('A claim for this profile is already waiting for review.');
    expect(await accounts('not.priya@example.com')).toEqual([]);
    expect(await claimsOf(coachId)).toHaveLength(1);
  });

  it('when the e-mail already has an account, then the claim is answered as a new one, keeps nothing, and the owner is mailed a way to log in or reset', async () => {
    const registered = await api('POST', '/auth/register', {
      username: 'already_here',
      email: 'already.here@example.com',
      password: PASSWORD,
    });
    expect(registered.status).toBe(201);
    const freshCoach = await coach('Fay', 'Fresh');
    const fresh = await claim(freshCoach, 'fay.fresh@example.com');
    const coachId = await coach('Tom', 'Hale');
    const res = await claim(coachId, 'Already.Here@example.com');
    expect(res.status).toBe(fresh.status);
    expect(res.body.message).toBe(fresh.body.message);
    expect(Object.keys(res.body.claim!).sort()).toEqual(Object.keys(fresh.body.claim!).sort());
    expect(res.body.claim).toMatchObject({
      status: 'pending',
      entity_id: coachId,
      user_id: expect.any(Number),
    });
    expect(await claimsOf(coachId)).toEqual([]);
    expect(await accounts('already.here@example.com')).toHaveLength(1);

    const told = await smtp.waitFor(
      (m) => m.to.includes('already.here@example.com') && m.subject.startsWith('Someone tried'),
      20_000,
    );
    expect(told.text).toContain('claim a coach or venue profile');
    expect(told.links).toEqual(['http://linksmate.test/login', 'http://linksmate.test/forgot-password']);
  });

  it('when the claim cannot be committed after identity made the account, then identity takes the account back: no claim, no account, and the link it mailed leads nowhere', async () => {
    // venues' database refuses the commit itself, for this address only.
    await services.query(
      'venues-coaches',
      `create function refuse_claim_commit() returns trigger language plpgsql as $$
       begin
         if new.contact_email = 'no.commit@example.com' then raise exception 'commit refused'; end if;
         return null;
       end $$`,
    );
    await services.query(
      'venues-coaches',
      `create constraint trigger profile_claims_commit_refused after insert or update on profile_claims
       deferrable initially deferred for each row execute function refuse_claim_commit()`,
    );
    const coachId = await coach('Ella', 'Stone');
    const res = await claim(coachId, 'no.commit@example.com');
    expect(res.status).toBe(503);
    expect(res.body.error).toBe('Failed to claim profile');
    expect(await claimsOf(coachId)).toEqual([]);
    expect(await accounts('no.commit@example.com')).toEqual([]);

    // identity mailed the link in the same transaction that made the account; the account is gone.
    const mail = await smtp.waitFor((m) => m.to.includes('no.commit@example.com'), 20_000);
    const dead = await api('GET', `/auth/verify-email?token=${encodeURIComponent(tokenOf(mail.links[0]!))}`);
    expect(dead.status).toBe(400);

    // The address and the profile are free for a claim that succeeds.
    await services.query('venues-coaches', 'drop trigger profile_claims_commit_refused on profile_claims');
    expect((await claim(coachId, 'no.commit@example.com')).status).toBe(201);
    expect(await accounts('no.commit@example.com')).toHaveLength(1);
  });
});
