import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, SERVICE_TOKEN, startVenues, type VenuesUnderTest } from './claim-fixtures';

describe('venues-coaches: claim profile (POST /claim-profile)', () => {
  let venues: VenuesUnderTest;

  beforeAll(async () => {
    venues = await startVenues();
  });

  afterAll(() => venues?.close());

  /** Nothing of a refused claim is left: no claim, no account. */
  async function nothingMade(entityType: string, entityId: number, email?: string) {
    expect(await venues.claims(entityType, entityId)).toEqual([]);
    if (email) expect(venues.identity.account(email)).toBeUndefined();
  }

  describe('when it succeeds', () => {
    it('when a coach profile is claimed, then identity makes an unverified member account with no name of the coach’s (the person names themselves; the role comes with approval), the claim waits for review with its user', async () => {
      const coachId = await venues.coach({ first_name: 'Grace', last_name: 'Park' });
      const res = await venues.claim(
        { entityType: 'coach', entityId: coachId, email: ' grace.park@example.com ', password: PASSWORD },
        { 'x-request-id': 'claim-request-0001' },
      );
      expect(res.statusCode).toBe(201);
      const account = venues.identity.account('grace.park@example.com')!;
      expect(res.json()).toEqual({
        message: 'Profile claimed successfully! Please check your email to verify your account.',
        claim: {
          id: expect.any(Number),
          user_id: account.id,
          entity_type: 'coach',
          entity_id: coachId,
          contact_email: 'grace.park@example.com',
          status: 'pending',
          created_at: expect.any(String),
        },
      });

      const [call] = venues.identity.callsTo('/internal/accounts');
      expect(call!.headers['x-service-token']).toBe(SERVICE_TOKEN);
      expect(call!.headers['x-request-id']).toBe('claim-request-0001');
      expect(call!.body).toEqual({
        email: 'grace.park@example.com',
        password: PASSWORD,
        role: 'member',
        verified: false,
        when_taken: 'mail_owner',
      });
      expect(await venues.claims('coach', coachId)).toEqual([
        expect.objectContaining({
          user_id: account.id,
          status: 'pending',
          contact_email: 'grace.park@example.com',
        }),
      ]);
    });

    it('when a listed venue is claimed with the wrapped input form, then the account is a member one without a name (a person is not the venue; the venue role comes on approval)', async () => {
      const venueId = await venues.venue();
      const res = await venues.claim({
        entityType: 'venue',
        entityId: { Valid: true, Int64: venueId },
        email: { Valid: true, String: 'owner@links.example.com' },
        password: PASSWORD,
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().claim).toMatchObject({ entity_type: 'venue', entity_id: venueId, status: 'pending' });
      const made = venues.identity.callsTo('/internal/accounts').at(-1)!.body;
      expect(made).toMatchObject({ email: 'owner@links.example.com', role: 'member', verified: false });
      expect(made).not.toHaveProperty('first_name');
      expect(made).not.toHaveProperty('last_name');
    });
  });

  describe('when the profile cannot be claimed', () => {
    it.each(['club', 'Coach', ''])(
      'when the type is %j, then 400 Invalid profile type and identity is not asked',
      async (entityType) => {
        const calls = venues.identity.calls.length;
        const res = await venues.claimAs(entityType, 1, 'x@example.com');
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ error: 'Invalid profile type', code: 'invalid_profile_type' });
        expect(venues.identity.calls).toHaveLength(calls);
      },
    );

    it('when the coach or venue does not exist, or no id is given, then 404 naming the type', async () => {
      for (const entityType of ['coach', 'venue']) {
        for (const entityId of [987_654, null, { Valid: false }]) {
          const res = await venues.claimAs(entityType, entityId, 'x@example.com');
          expect(res.statusCode).toBe(404);
          expect(res.json()).toMatchObject({
            error: `${entityType} profile not found`,
            code: 'profile_not_found',
          });
        }
      }
    });

    it('when the venue is not listed (waiting for review, rejected or inactive), then 404 as if it did not exist', async () => {
      for (const fields of [
        { review_status: 'pending' },
        { review_status: 'rejected' },
        { is_active: false },
      ]) {
        const venueId = await venues.venue(fields);
        const res = await venues.claimAs('venue', venueId, 'v@example.com');
        expect(res.statusCode).toBe(404);
        expect(res.json().error).toBe('venue profile not found');
        await nothingMade('venue', venueId, 'v@example.com');
      }
    });

    it('when the coach is already linked to an account, then 409 already claimed', async () => {
      const coachId = await venues.coach({ user_id: 42 });
      const res = await venues.claimAs('coach', coachId, 'late@example.com');
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        error: 'This profile has already been claimed.',
        code: 'profile_claimed',
      });
      await nothingMade('coach', coachId, 'late@example.com');
    });

    it('when a coach or venue has an approved claim, then 409 already claimed; a rejected one does not stand in the way', async () => {
      const coachId = await venues.coach();
      const venueId = await venues.venue();
      await venues.addClaim('coach', coachId, 'approved');
      await venues.addClaim('venue', venueId, 'approved');
      for (const [entityType, entityId] of [
        ['coach', coachId],
        ['venue', venueId],
      ] as const) {
        const res = await venues.claimAs(entityType, entityId, 'second@example.com');
        expect(res.statusCode).toBe(409);
        expect(res.json().error).toBe('This profile has already been claimed.');
      }
      expect(venues.identity.account('second@example.com')).toBeUndefined();

      const rejectedBefore = await venues.venue();
      await venues.addClaim('venue', rejectedBefore, 'rejected');
      const res = await venues.claimAs('venue', rejectedBefore, 'retry@example.com');
      expect(res.statusCode).toBe(201);
    });

    it('when the venue already has a manager (venue_admins), with or without a claim, then 409 already managed and identity is not asked', async () => {
      const venueId = await venues.venue();
      await venues.pool.query('insert into venue_admins (venue_id, user_id) values ($1, $2)', [venueId, 77]);
      const calls = venues.identity.calls.length;
      const res = await venues.claimAs('venue', venueId, 'taker@example.com');
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        error: 'This venue is already managed by its team.',
        code: 'venue_managed',
      });
      expect(venues.identity.calls).toHaveLength(calls);
      await nothingMade('venue', venueId, 'taker@example.com');

      // Its manager leaving makes it claimable again.
      await venues.pool.query('delete from venue_admins where venue_id = $1', [venueId]);
      expect((await venues.claimAs('venue', venueId, 'taker@example.com')).statusCode).toBe(201);
    });

    it('when the profile has a pending claim, then 409 already pending, whoever asks', async () => {
      const coachId = await venues.coach();
      const first = await venues.claimAs('coach', coachId, 'first@example.com');
      expect(first.statusCode).toBe(201);
      const second = await venues.claimAs('coach', coachId, 'second.try@example.com');
      expect(second.statusCode).toBe(409);
      expect(second.json()).toMatchObject({
        error: 'A claim for this profile is already waiting for review.',
        code: 'claim_pending',
      });
      expect(await venues.claims('coach', coachId)).toHaveLength(1);
      expect(venues.identity.account('second.try@example.com')).toBeUndefined();
    });
  });

  describe('when the form is wrong', () => {
    it.each([
      [undefined, 'Email is required'],
      ['', 'Email is required'],
      ['   ', 'Email is required'],
      [null, 'Email is required'],
      [{ Valid: false }, 'Email is required'],
      ['not-an-address', 'Please enter a valid email address'],
      ['two@@example.com', 'Please enter a valid email address'],
      ['no-dot@example', 'Please enter a valid email address'],
    ])('when the e-mail is %j, then 422 "%s" on the email field', async (email, message) => {
      const coachId = await venues.coach();
      const res = await venues.claimAs('coach', coachId, email);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ error: message, errors: { email: message } });
      await nothingMade('coach', coachId);
    });

    it.each([
      [undefined, 'Password is required'],
      ['', 'Password is required'],
      ['Sh0rt!', 'Password must be at least 8 characters'],
      ['NOLOWER1!', 'Password must contain at least one lowercase letter'],
      ['noupper1!', 'Password must contain at least one uppercase letter'],
      ['NoNumber!', 'Password must contain at least one number'],
      ['NoSpecial1', 'Password must contain at least one special character (@$!%*?&)'],
      [`Aa1!${'x'.repeat(125)}`, 'Password must be at most 128 characters long'],
    ])(
      'when the password is %j, then 422 with identity’s first broken rule: "%s"',
      async (password, message) => {
        const venueId = await venues.venue();
        const res = await venues.claim({
          entityType: 'venue',
          entityId: venueId,
          email: 'pw@example.com',
          password,
        });
        expect(res.statusCode).toBe(422);
        expect(res.json()).toMatchObject({ error: message, errors: { password: message } });
        await nothingMade('venue', venueId, 'pw@example.com');
      },
    );

    it('when both the e-mail and the password are wrong, then both fields are answered', async () => {
      const coachId = await venues.coach();
      const res = await venues.claim({
        entityType: 'coach',
        entityId: coachId,
        email: 'nope',
        password: 'short',
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({
        email: 'Please enter a valid email address',
        password: 'Password must be at least 8 characters',
      });
    });
  });

  describe('when identity says no, or fails', () => {
    it('when the e-mail already has an account, then the claim is answered as a new one (201, same shape), identity mails the owner, and nothing is kept', async () => {
      venues.identity.existing('member@example.com');
      const coachId = await venues.coach();
      const withdrawalsBefore = venues.identity.callsTo('/internal/accounts/withdraw').length;
      const res = await venues.claimAs('coach', coachId, 'MEMBER@example.com');
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({
        message: 'Profile claimed successfully! Please check your email to verify your account.',
        claim: {
          id: expect.any(Number),
          user_id: expect.any(Number),
          entity_type: 'coach',
          entity_id: coachId,
          contact_email: 'MEMBER@example.com',
          status: 'pending',
          created_at: expect.any(String),
        },
      });
      // Asked so that a taken address mails its owner instead of being refused.
      expect(venues.identity.callsTo('/internal/accounts').at(-1)!.body).toMatchObject({
        email: 'MEMBER@example.com',
        when_taken: 'mail_owner',
      });
      expect(venues.identity.mailedOwners).toContain('member@example.com');
      // No account is taken back (none was made) and nothing is left.
      expect(venues.identity.callsTo('/internal/accounts/withdraw')).toHaveLength(withdrawalsBefore);
      await nothingMade('coach', coachId);
      // The profile is free for the next claim.
      const next = await venues.claimAs('coach', coachId, 'fresh@example.com');
      expect(next.statusCode).toBe(201);
    });

    it('when identity refuses a field, then 422 with its words and no claim', async () => {
      venues.identity.next({
        kind: 'refuse',
        status: 422,
        body: {
          error: 'Please enter a valid email address.',
          errors: { email: 'Please enter a valid email address.' },
        },
      });
      const coachId = await venues.coach();
      const res = await venues.claimAs('coach', coachId, 'odd@example.com');
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ email: 'Please enter a valid email address.' });
      await nothingMade('coach', coachId);
    });

    it('when identity fails after making the account, then 503 Failed to claim profile, the account is taken back and no claim is left', async () => {
      venues.identity.next({ kind: 'fail-after-making' });
      const coachId = await venues.coach();
      const res = await venues.claimAs('coach', coachId, 'half@example.com');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ error: 'Failed to claim profile', code: 'claim_failed' });
      expect(venues.identity.callsTo('/internal/accounts/withdraw').at(-1)!.body).toEqual({
        email: 'half@example.com',
        password: PASSWORD,
      });
      await nothingMade('coach', coachId, 'half@example.com');
    });

    it('when identity answers too late, then the claim gives up, takes back the account identity made meanwhile, and leaves no claim', async () => {
      venues.identity.next({ kind: 'late', ms: 1_000 });
      const venueId = await venues.venue();
      const res = await venues.claimAs('venue', venueId, 'slow@example.com');
      expect(res.statusCode).toBe(503);
      expect(res.json().error).toBe('Failed to claim profile');
      await nothingMade('venue', venueId, 'slow@example.com');
    });

    it('when identity cannot be reached, then 503 and nothing is left', async () => {
      const unreachable = await startVenues({ IDENTITY_URL: 'http://127.0.0.1:9' });
      try {
        const coachId = await unreachable.coach();
        const res = await unreachable.claimAs('coach', coachId, 'lost@example.com');
        expect(res.statusCode).toBe(503);
        expect(res.json().error).toBe('Failed to claim profile');
        expect(await unreachable.claims('coach', coachId)).toEqual([]);
      } finally {
        await unreachable.close();
      }
    });

    it('when the claim cannot be committed after identity made the account, then the account is taken back and nothing is left', async () => {
      // The database refuses the commit itself: a deferred check that fails for this address only.
      await venues.pool.query(`
        create function refuse_claim_commit() returns trigger language plpgsql as $$
        begin
          if new.contact_email = 'commit.fails@example.com' then raise exception 'commit refused'; end if;
          return null;
        end $$;
        create constraint trigger profile_claims_commit_refused after insert or update on profile_claims
          deferrable initially deferred for each row execute function refuse_claim_commit();`);
      const coachId = await venues.coach();
      const res = await venues.claimAs('coach', coachId, 'commit.fails@example.com');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ error: 'Failed to claim profile', code: 'claim_failed' });
      expect(venues.identity.callsTo('/internal/accounts').at(-1)!.body).toMatchObject({
        email: 'commit.fails@example.com',
      });
      expect(venues.identity.callsTo('/internal/accounts/withdraw').at(-1)!.body).toMatchObject({
        email: 'commit.fails@example.com',
      });
      await nothingMade('coach', coachId, 'commit.fails@example.com');
    });
  });

  describe('when claims race', () => {
    it('when two people claim the same profile at once, then exactly one succeeds and the other is told a claim is pending, and only one account is made', async () => {
      const coachId = await venues.coach();
      // identity is slow enough that the second claim arrives while the first holds its pending row.
      venues.identity.next({ kind: 'late', ms: 150 });
      const answers = await Promise.all([
        venues.claimAs('coach', coachId, 'racer.a@example.com'),
        venues.claimAs('coach', coachId, 'racer.b@example.com'),
      ]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
      expect(answers.find((a) => a.statusCode === 409)!.json().error).toBe(
        'A claim for this profile is already waiting for review.',
      );
      const claims = await venues.claims('coach', coachId);
      expect(claims).toHaveLength(1);
      const winner = claims[0]!.contact_email as string;
      const loser = winner === 'racer.a@example.com' ? 'racer.b@example.com' : 'racer.a@example.com';
      expect(venues.identity.account(winner)).toBeDefined();
      expect(venues.identity.account(loser)).toBeUndefined();
    });

    it('when one e-mail claims two profiles at once, then identity lets one account be made, both are answered alike and the other claim leaves nothing', async () => {
      const [coachA, coachB] = [await venues.coach(), await venues.coach()];
      const answers = await Promise.all(
        [coachA, coachB].map((entityId) =>
          venues.claim({ entityType: 'coach', entityId, email: 'twice@example.com', password: PASSWORD }),
        ),
      );
      expect(answers.map((a) => a.statusCode)).toEqual([201, 201]);
      const pending = [...(await venues.claims('coach', coachA)), ...(await venues.claims('coach', coachB))];
      expect(pending).toHaveLength(1);
    });
  });
});
