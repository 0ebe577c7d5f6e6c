import { ACCESS_TOKEN_TTL_SECONDS } from '@linksmate/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type IdentityUnderTest, LINK_VALIDITY, PASSWORD, startIdentity } from './fixtures';

describe('identity: accounts', () => {
  let identity: IdentityUnderTest;

  beforeAll(async () => {
    identity = await startIdentity({ LOGIN_MAX_FAILURES_PER_ADDRESS: '8' });
  });

  afterAll(() => identity?.close());

  describe('register', () => {
    it('when the details are valid, then the account is created as a member whatever role is sent', async () => {
      const res = await identity.post('/auth/register', {
        username: 'ava_golf',
        email: 'ava@example.com',
        password: PASSWORD,
        role: 'admin',
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().user).toMatchObject({ username: 'ava_golf', email: 'ava@example.com' });
      const registered = (await identity.published('identity.user.registered')).at(-1)!;
      expect(registered.data).toMatchObject({ username: 'ava_golf', role: 'member', email_verified: false });
      expect(await identity.mailRequests('ava@example.com', 'verify-email')).toHaveLength(1);
    });

    it('when the username exists in another case, then 409 names the field', async () => {
      const username = await identity.register('AVA_GOLF', 'other@example.com');
      expect(username.statusCode).toBe(409);
      expect(username.json().errors).toEqual({ username: 'This username is already taken.' });
    });

    it("when the e-mail already has an account (in any case), then the answer is a new registration's (201, same shape), no second account is made, and the owner is mailed once that someone tried", async () => {
      const fresh = await identity.register('fresh_golfer', 'fresh.golfer@example.com');
      const taken = await identity.register('someone_else', 'AVA@Example.COM');
      expect(taken.statusCode).toBe(fresh.statusCode);
      expect(taken.json()).toEqual({
        message: fresh.json().message,
        user: { id: expect.any(Number), username: 'someone_else', email: 'AVA@Example.COM' },
      });
      // An id of the accounts' own sequence, after the last one made, and nobody's.
      expect(taken.json().user.id).toBeGreaterThan(fresh.json().user.id);
      const { rows } = await identity.pool.query(
        `select id from users where lower(email) = 'ava@example.com' or username = 'someone_else'`,
      );
      expect(rows).toHaveLength(1);
      expect(rows[0].id).not.toBe(taken.json().user.id);

      const mails = await identity.mailRequests('ava@example.com', 'account-exists');
      expect(mails).toHaveLength(1);
      expect(mails[0]!.data).toMatchObject({
        variables: { username: 'ava_golf', attempt: 'registration' },
      });
      // No verification mail goes to the owner's address, and no account event is published.
      expect(await identity.mailRequests('AVA@Example.COM', 'verify-email')).toHaveLength(0);
      const registered = await identity.published('identity.user.registered');
      expect(registered.filter((e) => (e.data as { username: string }).username === 'someone_else')).toEqual(
        [],
      );

      // Trying again at once answers the same, but the owner is not mailed again within the hour.
      const again = await identity.register('third_try', 'ava@example.com');
      expect(again.statusCode).toBe(201);
      expect(await identity.mailRequests('ava@example.com', 'account-exists')).toHaveLength(1);
    });

    it('when the e-mail already has an account, then a resend of the verification mail right after answers as after a new registration (429 cooldown)', async () => {
      expect((await identity.register('cool_owner', 'cool.owner@example.com')).statusCode).toBe(201);
      // Long after the owner registered: no cooldown holds for either address.
      await identity.pool.query('delete from link_mail_requests');
      const fresh = await identity.register('cool_fresh', 'cool.fresh@example.com');
      expect(fresh.statusCode).toBe(201);
      const taken = await identity.register('cool_taken', 'cool.owner@example.com');
      expect(taken.statusCode).toBe(201);
      const resendFresh = await identity.post('/auth/resend-verification', {
        email: 'cool.fresh@example.com',
      });
      const resendTaken = await identity.post('/auth/resend-verification', {
        email: 'cool.owner@example.com',
      });
      expect(resendTaken.statusCode).toBe(resendFresh.statusCode);
      expect(resendTaken.statusCode).toBe(429);
    });

    it("when two registrations race for the same address or username, then one account is made; the address's loser is answered as made, the username's gets 409 naming the field", async () => {
      const sameAddress = await Promise.all([
        identity.register('racer_one', 'race@example.com'),
        identity.register('racer_two', 'RACE@example.com'),
      ]);
      expect(sameAddress.map((r) => r.statusCode)).toEqual([201, 201]);
      const sameName = await Promise.all([
        identity.register('racer_name', 'race-a@example.com'),
        identity.register('RACER_NAME', 'race-b@example.com'),
      ]);
      expect(sameName.map((r) => r.statusCode).sort()).toEqual([201, 409]);
      const lostName = sameName.find((r) => r.statusCode === 409)!.json();
      expect(lostName).toMatchObject({
        code: 'username_taken',
        errors: { username: 'This username is already taken.' },
      });
      const { rows } = await identity.pool.query(
        `select count(*)::int as n from users where lower(email) like 'race%@example.com'`,
      );
      expect(rows[0].n).toBe(2);
    });

    it.each([
      ['', 'Password is required'],
      ['Sh0rt!', 'Password must be at least 8 characters long'],
      ['NOLOWER1!', 'Password must contain at least one lowercase letter'],
      ['noupper1!', 'Password must contain at least one uppercase letter'],
      ['NoNumber!', 'Password must contain at least one number'],
      ['NoSpecial1', 'Password must contain at least one special character (@$!%*?&)'],
      [`Aa1!${'x'.repeat(125)}`, 'Password must be at most 128 characters long'],
    ])('when the password is %j, then 422 with "%s" on the password field', async (password, message) => {
      const res = await identity.register('pw_tester', 'pw@example.com', password);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.password).toBe(message);
    });

    it.each([
      ['ab', 'Username must be at least 3 characters long.'],
      ['bad name!', 'Username can only contain letters, numbers, and underscores.'],
      ['a'.repeat(31), 'Username must be at most 30 characters long.'],
    ])('when the username is %j, then 422 with "%s"', async (username, message) => {
      const res = await identity.register(username, 'name@example.com');
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.username).toBe(message);
    });

    it('when the e-mail is not an address, then 422 on the email field', async () => {
      const res = await identity.register('mail_tester', 'not-an-email');
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.email).toBe('Please enter a valid email address.');
    });
  });

  describe('verify e-mail', () => {
    it('when an unverified account logs in with the right password, then 403 asking to verify the e-mail', async () => {
      await identity.register('unverified_ug', 'unverified@example.com');
      const res = await identity.login('unverified@example.com');
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toContain('verify your email');
    });

    it('when the link is followed, then the account is verified; followed again, then 400', async () => {
      await identity.register('verify_me', 'verify@example.com');
      const token = await identity.linkToken('verify@example.com', 'verify-email');
      const first = await identity.get(`/auth/verify-email?token=${token}`);
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({ message: 'Email verified successfully' });
      expect((await identity.published('identity.user.verified')).at(-1)!.data).toMatchObject({
        username: 'verify_me',
        email_verified: true,
      });
      const again = await identity.get(`/auth/verify-email?token=${token}`);
      expect(again.statusCode).toBe(400);
      expect((await identity.login('verify@example.com')).statusCode).toBe(200);
    });

    it('when the link is older than 24 hours, then 400; just inside, then it works', async () => {
      await identity.register('late_one', 'late@example.com');
      await identity.register('in_time', 'intime@example.com');
      const late = await identity.linkToken('late@example.com', 'verify-email');
      const inTime = await identity.linkToken('intime@example.com', 'verify-email');
      identity.clock.advance(LINK_VALIDITY.verificationMs - 5_000);
      expect((await identity.get(`/auth/verify-email?token=${inTime}`)).statusCode).toBe(200);
      identity.clock.advance(10_000);
      const res = await identity.get(`/auth/verify-email?token=${late}`);
      identity.clock.reset();
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('This verification link is invalid or has expired.');
    });

    it('when no token is given, then 400 saying so', async () => {
      const res = await identity.get('/auth/verify-email');
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('No verification token provided.');
    });

    it('when a new link is asked for, then the answer is the same for any address and only the newest link works', async () => {
      await identity.register('resender', 'resend@example.com');
      const firstToken = await identity.linkToken('resend@example.com', 'verify-email');
      identity.clock.advance(61_000);
      const known = await identity.post('/auth/resend-verification', { email: 'resend@example.com' });
      const unknown = await identity.post('/auth/resend-verification', { email: 'nobody@example.com' });
      identity.clock.reset();
      expect(known.statusCode).toBe(200);
      expect(unknown.json()).toEqual(known.json());
      expect(await identity.mailRequests('resend@example.com', 'verify-email')).toHaveLength(2);
      expect(await identity.mailRequests('nobody@example.com')).toHaveLength(0);
      expect((await identity.get(`/auth/verify-email?token=${firstToken}`)).statusCode).toBe(400);
      const newest = await identity.linkToken('resend@example.com', 'verify-email');
      expect((await identity.get(`/auth/verify-email?token=${newest}`)).statusCode).toBe(200);
    });

    it('when new links are asked for again and again, then at most one mail a minute goes out and each refusal says how long to wait', async () => {
      await identity.register('spammed', 'spammed@example.com');
      const answers = [];
      for (let i = 0; i < 4; i++) {
        identity.clock.advance(10_000);
        answers.push(await identity.post('/auth/resend-verification', { email: 'spammed@example.com' }));
      }
      identity.clock.reset();
      expect(answers.map((a) => a.statusCode)).toEqual([429, 429, 429, 429]);
      expect(answers.map((a) => a.json().retry_after)).toEqual([50, 40, 30, 20]);
      expect(answers.map((a) => a.headers['retry-after'])).toEqual(['50', '40', '30', '20']);
      expect(answers[0]!.json()).toEqual({
        error: 'Please wait 50 seconds before asking for another verification email.',
        code: 'resend_cooldown',
        retry_after: 50,
      });
      expect(await identity.mailRequests('spammed@example.com', 'verify-email')).toHaveLength(1);
    });

    it("when any address is asked for twice within a minute, then the second answer is the same 429 whether the address is unverified, verified or no one's", async () => {
      await identity.register('waiting', 'waiting@example.com');
      await identity.verifiedUser('settled', 'settled@example.com');
      identity.clock.advance(61_000);
      const addresses = ['waiting@example.com', 'settled@example.com', 'no-one@example.com'];
      const first = await Promise.all(
        addresses.map((email) => identity.post('/auth/resend-verification', { email })),
      );
      identity.clock.advance(15_000);
      const second = await Promise.all(
        addresses.map((email) => identity.post('/auth/resend-verification', { email: email.toUpperCase() })),
      );
      identity.clock.advance(45_000);
      const afterTheWait = await identity.post('/auth/resend-verification', { email: 'waiting@example.com' });
      identity.clock.reset();
      expect(first.map((a) => a.statusCode)).toEqual([200, 200, 200]);
      expect(new Set(first.map((a) => a.body)).size).toBe(1);
      expect(second.map((a) => a.statusCode)).toEqual([429, 429, 429]);
      expect(new Set(second.map((a) => a.body)).size).toBe(1);
      expect(second[0]!.json().retry_after).toBe(45);
      expect(afterTheWait.statusCode).toBe(200);
      expect(await identity.mailRequests('waiting@example.com', 'verify-email')).toHaveLength(3);
      expect(await identity.mailRequests('settled@example.com', 'verify-email')).toHaveLength(1);
      expect(await identity.mailRequests('no-one@example.com')).toHaveLength(0);
    });

    it('when several resends for an address arrive at once, then one mail goes out and the others are told to wait', async () => {
      await identity.register('doubleclick', 'doubleclick@example.com');
      identity.clock.advance(61_000);
      const answers = await Promise.all(
        [0, 1, 2, 3, 4].map(() =>
          identity.post('/auth/resend-verification', { email: 'doubleclick@example.com' }),
        ),
      );
      identity.clock.reset();
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 429, 429, 429, 429]);
      expect(await identity.mailRequests('doubleclick@example.com', 'verify-email')).toHaveLength(2);
    });
  });

  describe('login', () => {
    it('when the credentials are right, then a three-segment token whose signature and claims check through the JWKS', async () => {
      const { id } = await identity.verifiedUser('claims_check', 'claims@example.com');
      const res = await identity.login('CLAIMS@example.com');
      expect(res.statusCode).toBe(200);
      const token = res.json().token as string;
      expect(token.split('.')).toHaveLength(3);
      const claims = await (await identity.verifier()).verify(token);
      expect(claims).toMatchObject({
        user_id: id,
        sub: String(id),
        role: 'member',
        ver: 0,
        membership_status: null,
        membership_ends_at: null,
      });
      // Access tokens live 15 minutes; the session goes on through its refresh token.
      expect(claims.exp - claims.iat).toBe(ACCESS_TOKEN_TTL_SECONDS);
    });

    it('when the e-mail is unknown or the password wrong, then the same 401 for both', async () => {
      await identity.verifiedUser('wrong_pw', 'wrongpw@example.com');
      const unknown = await identity.login('nobody-here@example.com', PASSWORD, '10.0.0.2');
      const wrong = await identity.login('wrongpw@example.com', 'Wrong!pass1', '10.0.0.2');
      expect(unknown.statusCode).toBe(401);
      expect(wrong.statusCode).toBe(401);
      expect(unknown.json()).toEqual(wrong.json());
      expect(wrong.json().error).toBe('Invalid email or password');
    });

    it('when the account is suspended, then 403 saying so (only with the right password)', async () => {
      const { id } = await identity.verifiedUser('suspended', 'suspended@example.com');
      await identity.setUser(id, { bannedAt: new Date() });
      const right = await identity.login('suspended@example.com');
      expect(right.statusCode).toBe(403);
      expect(right.json().error).toBe('Your account has been suspended. Please contact support.');
      expect((await identity.login('suspended@example.com', 'Wrong!pass1', '10.0.0.3')).statusCode).toBe(401);
    });

    /** Strangers' failures on an account, from addresses of their own, each past the growing wait. */
    async function strangersFail(email: string, times: number, firstAddress = 1) {
      for (let i = 0; i < times; i++) {
        identity.clock.advance(10_000);
        const res = await identity.login(email, 'Wrong!pass1', `10.1.${firstAddress}.${i}`);
        expect(res.statusCode, res.body).toBe(401);
      }
    }

    it("when strangers fail five times, then strangers are locked out even with the right password, but the owner's known address and device still get in", async () => {
      await identity.verifiedUser('locked_out', 'locked@example.com');
      await identity.verifiedUser('neighbour', 'neighbour@example.com');
      const device = 'owner-browser-0a1b2c3d4e5f';
      expect((await identity.login('locked@example.com', PASSWORD, '10.2.0.1', device)).statusCode).toBe(200);
      await strangersFail('locked@example.com', 5);

      const stranger = await identity.login('locked@example.com', PASSWORD, '10.1.9.9');
      expect(stranger.statusCode).toBe(429);
      expect(stranger.json().error).toMatch(
        /Too many failed login attempts for this account\. Please try again in 15 minutes or reset your password/,
      );
      // The owner: from an address they logged in from, and from their own browser on a new network.
      expect((await identity.login('locked@example.com', PASSWORD, '10.2.0.1')).statusCode).toBe(200);
      await strangersFail('locked@example.com', 5, 2);
      expect((await identity.login('locked@example.com', PASSWORD, '10.3.3.3', device)).statusCode).toBe(200);
      expect((await identity.login('neighbour@example.com', PASSWORD, '10.1.9.9')).statusCode).toBe(200);

      await strangersFail('locked@example.com', 5, 3);
      identity.clock.advance(15 * 60 * 1000 + 1000);
      const later = await identity.login('locked@example.com', PASSWORD, '10.1.9.9');
      identity.clock.reset();
      expect(later.statusCode).toBe(200);
    });

    it('when strangers keep failing, then each further attempt must wait longer, and a waiting attempt does not count', async () => {
      await identity.verifiedUser('throttled', 'throttled@example.com');
      await strangersFail('throttled@example.com', 3);
      const tooSoon = await identity.login('throttled@example.com', 'Wrong!pass1', '10.4.0.1');
      expect(tooSoon.statusCode).toBe(429);
      expect(tooSoon.json()).toMatchObject({
        code: 'login_throttled',
        error: 'Too many failed login attempts for this account. Please wait 1 second and try again.',
      });
      identity.clock.advance(1_100);
      expect((await identity.login('throttled@example.com', 'Wrong!pass1', '10.4.0.1')).statusCode).toBe(401);
      const longer = await identity.login('throttled@example.com', PASSWORD, '10.4.0.2');
      identity.clock.advance(2_100);
      const afterWait = await identity.login('throttled@example.com', PASSWORD, '10.4.0.2');
      identity.clock.reset();
      expect(longer.json().error).toMatch(/Please wait 2 seconds/);
      expect(afterWait.statusCode).toBe(200);
    });

    it("when the owner resets the password, then strangers' failures no longer hold the account back", async () => {
      await identity.verifiedUser('relieved', 'relieved@example.com');
      await strangersFail('relieved@example.com', 5);
      expect((await identity.login('relieved@example.com', PASSWORD, '10.5.0.1')).statusCode).toBe(429);
      await identity.post('/auth/forgot-password', { email: 'relieved@example.com' });
      const token = await identity.linkToken('relieved@example.com', 'reset-password');
      const reset = await identity.post('/auth/reset-password', { token, new_password: 'N3w!password' });
      expect(reset.statusCode).toBe(200);
      const fresh = await identity.login('relieved@example.com', 'N3w!password', '10.5.0.1');
      identity.clock.reset();
      expect(fresh.statusCode).toBe(200);
    });

    it('when one address fails across many accounts, then that address is refused with 429', async () => {
      for (let i = 0; i < 8; i++) await identity.login(`guess${i}@example.com`, 'Wrong!pass1', '10.9.9.9');
      const res = await identity.login('ava@example.com', PASSWORD, '10.9.9.9');
      expect(res.statusCode).toBe(429);
      expect(res.json().error).toMatch(/from your network/);
    });
  });

  describe('malformed input', () => {
    it('when an e-mail carries a NUL character, then every account call says 400 on the field, not a 500', async () => {
      const email = 'nul\u0000@example.com';
      for (const [url, payload] of [
        ['/auth/login', { email, password: PASSWORD }],
        ['/auth/register', { username: 'nul_byte', email, password: PASSWORD }],
        ['/auth/forgot-password', { email }],
        ['/auth/resend-verification', { email }],
      ] as const) {
        const res = await identity.post(url, payload);
        expect(res.statusCode, url).toBe(400);
        expect(res.json().errors, url).toEqual({ email: 'email contains characters that are not allowed' });
      }
    });
  });

  describe('password reset', () => {
    it('when a reset is asked for, then the answer is the same whether or not the e-mail exists', async () => {
      await identity.verifiedUser('forgetful', 'forgetful@example.com');
      const known = await identity.post('/auth/forgot-password', { email: 'forgetful@example.com' });
      const unknown = await identity.post('/auth/forgot-password', { email: 'ghost@example.com' });
      expect(known.statusCode).toBe(200);
      expect(known.json()).toEqual({
        message: 'If this email exists, you will receive a password reset link.',
      });
      expect(unknown.json()).toEqual(known.json());
      expect(await identity.mailRequests('forgetful@example.com', 'reset-password')).toHaveLength(1);
      expect(await identity.mailRequests('ghost@example.com')).toHaveLength(0);
    });

    it('when the link is used, then the new password works, the old does not, earlier tokens end, and the link is single use', async () => {
      const { refresh: before } = await identity.verifiedUser('resetter', 'resetter@example.com');
      await identity.post('/auth/forgot-password', { email: 'resetter@example.com' });
      const link = await identity.linkToken('resetter@example.com', 'reset-password');
      const res = await identity.post('/auth/reset-password', { token: link, new_password: 'N3w!password' });
      expect(res.statusCode).toBe(200);
      expect((await identity.login('resetter@example.com', 'N3w!password')).statusCode).toBe(200);
      expect((await identity.login('resetter@example.com', PASSWORD, '10.0.0.4')).statusCode).toBe(401);
      const refreshed = await identity.refresh(before);
      expect(refreshed.statusCode).toBe(401);
      expect(refreshed.json().code).toBe('session_ended');
      const updated = (await identity.published('identity.user.updated')).filter(
        (e) => (e.data as { username: string }).username === 'resetter',
      );
      expect((updated.at(-1)!.data as { token_version: number }).token_version).toBe(1);
      const reused = await identity.post('/auth/reset-password', {
        token: link,
        new_password: 'An0ther!pass',
      });
      expect(reused.statusCode).toBe(400);
      expect(reused.json().error).toBe('Invalid or expired reset token');
    });

    it('when the link is older than 15 minutes, then 400; just inside, then it works', async () => {
      await identity.verifiedUser('slow_reset', 'slowreset@example.com');
      await identity.verifiedUser('quick_reset', 'quickreset@example.com');
      await identity.post('/auth/forgot-password', { email: 'slowreset@example.com' });
      await identity.post('/auth/forgot-password', { email: 'quickreset@example.com' });
      const late = await identity.linkToken('slowreset@example.com', 'reset-password');
      const inTime = await identity.linkToken('quickreset@example.com', 'reset-password');
      identity.clock.advance(LINK_VALIDITY.passwordResetMs - 1_000);
      const justInside = await identity.post('/auth/reset-password', {
        token: inTime,
        new_password: 'N3w!password',
      });
      identity.clock.advance(2_000);
      const justOutside = await identity.post('/auth/reset-password', {
        token: late,
        new_password: 'N3w!password',
      });
      identity.clock.reset();
      expect(justInside.statusCode).toBe(200);
      expect(justOutside.statusCode).toBe(400);
      expect(justOutside.json().error).toBe('Invalid or expired reset token');
    });

    it('when the new password is too long, then 422 on the field, not a dead link', async () => {
      await identity.verifiedUser('long_reset', 'longreset@example.com');
      await identity.post('/auth/forgot-password', { email: 'longreset@example.com' });
      const link = await identity.linkToken('longreset@example.com', 'reset-password');
      const res = await identity.post('/auth/reset-password', {
        token: link,
        new_password: `Aa1!${'x'.repeat(200)}`,
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.new_password).toBe('Password must be at most 128 characters long');
    });

    it('when the new password is weak, then 422 with the requirement broken, and the link still works', async () => {
      await identity.verifiedUser('weak_reset', 'weakreset@example.com');
      await identity.post('/auth/forgot-password', { email: 'weakreset@example.com' });
      const link = await identity.linkToken('weakreset@example.com', 'reset-password');
      const weak = await identity.post('/auth/reset-password', { token: link, new_password: 'weakpass' });
      expect(weak.statusCode).toBe(422);
      expect(weak.json()).toMatchObject({
        error: 'Password does not meet requirements',
        errors: { new_password: 'Password must contain at least one uppercase letter' },
      });
      expect(
        (await identity.post('/auth/reset-password', { token: link, new_password: 'Str0nger!pass' }))
          .statusCode,
      ).toBe(200);
    });

    it('when the token is made up, then 400', async () => {
      const res = await identity.post('/auth/reset-password', {
        token: 'made-up',
        new_password: 'N3w!password',
      });
      expect(res.statusCode).toBe(400);
    });
  });
});
