import { hash } from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/lib/passwords';
import { type IdentityUnderTest, PASSWORD, SERVICE_TOKEN, startIdentity } from './fixtures';

describe('identity: accounts made by the platform (/internal/accounts)', () => {
  let identity: IdentityUnderTest;

  beforeAll(async () => {
    identity = await startIdentity();
  });

  afterAll(() => identity?.close());

  const asService = { 'x-service-token': SERVICE_TOKEN };
  const create = (body: Record<string, unknown>) =>
    identity.post('/internal/accounts', { password: PASSWORD, ...body }, asService);
  const withdraw = (body: Record<string, unknown>) =>
    identity.post('/internal/accounts/withdraw', body, asService);
  const userRow = async (email: string) =>
    (
      await identity.pool.query(
        'select id, username, role, first_name, email_verified_at from users where lower(email) = lower($1)',
        [email],
      )
    ).rows[0];

  it('when demo data makes a verified account with its username, then it can log in at once and no mail is sent', async () => {
    const res = await create({
      username: 'demo_olivia',
      email: 'demo.olivia@example.com',
      role: 'admin',
      first_name: 'Olivia',
      verified: true,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().user).toMatchObject({ username: 'demo_olivia', email: 'demo.olivia@example.com' });
    expect(await userRow('demo.olivia@example.com')).toMatchObject({ role: 'admin', first_name: 'Olivia' });
    expect((await identity.published('identity.user.verified')).map((e) => e.data)).toContainEqual(
      expect.objectContaining({ username: 'demo_olivia', email_verified: true }),
    );
    expect(await identity.mailRequests('demo.olivia@example.com')).toHaveLength(0);
    expect((await identity.login('demo.olivia@example.com')).statusCode).toBe(200);
  });

  it('when the platform makes an account with names and no username, then its username comes from the names, it is unverified, mailed its link as a registration is, and the link lets it log in', async () => {
    const res = await create({
      email: 'jane.coach@example.com',
      role: 'coach',
      first_name: 'Jane',
      last_name: 'Doe',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().user).toMatchObject({ username: 'jane_doe', email: 'jane.coach@example.com' });
    expect(await userRow('jane.coach@example.com')).toMatchObject({ role: 'coach', email_verified_at: null });
    const registered = (await identity.published('identity.user.registered')).at(-1)!;
    expect(registered.data).toMatchObject({ username: 'jane_doe', role: 'coach', email_verified: false });
    const mails = await identity.mailRequests('jane.coach@example.com');
    expect(mails.map((m) => (m.data as { template: string }).template)).toEqual(['verify-email']);
    expect(mails[0]!.data).toMatchObject({
      user_id: res.json().user.id,
      variables: { username: 'jane_doe' },
    });

    // Like a registration's, the mail starts the address's cooldown.
    const resend = await identity.post('/auth/resend-verification', { email: 'jane.coach@example.com' });
    expect(resend.statusCode).toBe(429);

    const before = await identity.login('jane.coach@example.com');
    expect(before.statusCode).toBe(403);
    expect(before.json().code).toBe('email_not_verified');
    const token = await identity.linkToken('jane.coach@example.com', 'verify-email');
    expect((await identity.get(`/auth/verify-email?token=${encodeURIComponent(token)}`)).statusCode).toBe(
      200,
    );
    const login = await identity.login('jane.coach@example.com');
    expect(login.statusCode).toBe(200);
    const claims = await (await identity.verifier()).verify(login.json().token);
    expect(claims).toMatchObject({ user_id: res.json().user.id, role: 'coach' });
  });

  it('when the made-up username is held, in any case, then digits are added until one is free', async () => {
    expect((await identity.register('Sam_Lee1', 'sam.lee.member@example.com')).statusCode).toBe(201);
    const names = [];
    for (const email of ['sam1@example.com', 'sam2@example.com', 'sam3@example.com']) {
      const res = await create({ email, first_name: 'Sam', last_name: 'Lee' });
      expect(res.statusCode).toBe(201);
      names.push(res.json().user.username);
    }
    expect(names).toEqual(['sam_lee', 'sam_lee2', 'sam_lee3']);
  });

  it.each([
    [
      'the e-mail local part when there are no names',
      { email: 'John.Smith+golf@example.com' },
      'john_smith_golf',
    ],
    [
      'names without their accents',
      { email: 'jn@example.com', first_name: 'José', last_name: 'Núñez' },
      'jose_nunez',
    ],
    ['a short stem followed by _golfer', { email: 'al@example.com' }, 'al_golfer'],
    ['golfer when nothing usable is left', { email: '+++@example.com', first_name: '  ' }, 'golfer'],
    [
      'at most 30 characters',
      { email: 'long@example.com', first_name: 'Maximilian', last_name: 'Worthington-Featherstonehaugh' },
      'maximilian_worthington_feather',
    ],
  ])('when the username is made from %s, then it keeps the username rules', async (_, body, expected) => {
    const res = await create(body);
    expect(res.statusCode).toBe(201);
    expect(res.json().user.username).toBe(expected);
    expect(res.json().user.username).toMatch(/^[a-z0-9_]{3,30}$/);
  });

  it('when a made-up username of 30 characters is held, then the digits replace its end', async () => {
    const body = { first_name: 'Maximilian', last_name: 'Worthington-Featherstonehaugh' };
    const res = await create({ ...body, email: 'long2@example.com' });
    expect(res.json().user.username).toBe('maximilian_worthington_feathe1');
  });

  it('when several accounts with the same names are made at once, then each gets its own username', async () => {
    const answers = await Promise.all(
      [1, 2, 3, 4].map((n) =>
        create({ email: `twin${n}@example.com`, first_name: 'Twin', last_name: 'Golfer' }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 201]);
    expect(new Set(answers.map((a) => a.json().user.username)).size).toBe(4);
  });

  it('when the e-mail already has an account, in any case, then 409 account_exists, and no account or mail is added', async () => {
    const users = await identity.count('users');
    const mails = (await identity.published('notifications.email.requested')).length;
    const res = await create({ email: 'JANE.COACH@example.com', role: 'coach' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'account_exists',
      error: 'An account with this email already exists.',
      errors: { email: 'An account with this email already exists.' },
    });
    expect(await identity.count('users')).toBe(users);
    expect(await identity.published('notifications.email.requested')).toHaveLength(mails);
  });

  it('when a claim (when_taken mail_owner) gives an e-mail that has an account, then 202 with a placeholder id nobody has, nothing is made, and the owner is mailed that someone tried', async () => {
    const users = await identity.count('users');
    const res = await create({ email: 'Jane.Coach@example.com', role: 'member', when_taken: 'mail_owner' });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ taken: true, placeholder_user_id: expect.any(Number) });
    expect(await identity.count('users')).toBe(users);
    const { rows } = await identity.pool.query('select 1 from users where id = $1', [
      res.json().placeholder_user_id,
    ]);
    expect(rows).toEqual([]);
    const [owner] = (
      await identity.pool.query(`select email from users where lower(email) = 'jane.coach@example.com'`)
    ).rows;
    const mails = await identity.mailRequests(owner.email, 'account-exists');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.data).toMatchObject({ variables: { attempt: 'claim' } });
    // A new address is made as always.
    const fresh = await create({ email: 'new.claimant@example.com', when_taken: 'mail_owner' });
    expect(fresh.statusCode).toBe(201);
  });

  it('when a given username is held, then 409 username_taken', async () => {
    const res = await create({ username: 'JANE_DOE', email: 'another.jane@example.com' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'username_taken',
      errors: { username: 'This username is already taken.' },
    });
  });

  it.each([
    [
      { email: 'weak@example.com', password: 'short' },
      'password',
      'Password must be at least 8 characters long',
    ],
    [{ email: 'not-an-address', password: PASSWORD }, 'email', 'Please enter a valid email address.'],
    [
      { email: 'name@example.com', username: 'no spaces' },
      'username',
      'Username can only contain letters, numbers, and underscores.',
    ],
  ])('when %j is sent, then 422 on the %s field', async (body, field, message) => {
    const res = await create(body);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ [field]: message });
  });

  it('when the service token is missing, then 401 and nothing is made', async () => {
    const res = await identity.post('/internal/accounts', {
      email: 'sneaky@example.com',
      password: PASSWORD,
    });
    expect(res.statusCode).toBe(401);
    expect(await userRow('sneaky@example.com')).toBeUndefined();
    expect(
      (
        await identity.post('/internal/accounts/withdraw', {
          email: 'jane.coach@example.com',
          password: PASSWORD,
        })
      ).statusCode,
    ).toBe(401);
  });

  describe('with a password hash instead of a password', () => {
    const createWith = (body: Record<string, unknown>) =>
      identity.post('/internal/accounts', body, asService);

    it('when demo people share one hash of their known password, then each logs in with that password', async () => {
      const passwordHash = await hashPassword(PASSWORD);
      for (const email of ['hash.one@example.com', 'hash.two@example.com']) {
        const res = await createWith({ email, password_hash: passwordHash, verified: true });
        expect(res.statusCode).toBe(201);
        expect((await identity.login(email)).statusCode).toBe(200);
      }
      const stored = await identity.pool.query(
        "select distinct password_hash from users where email like 'hash.%@example.com'",
      );
      expect(stored.rows).toEqual([{ password_hash: passwordHash }]);
    });

    it('when the hash is weaker than identity makes, not argon2id, or not a hash, then nothing is made and the field says why', async () => {
      const cheap = await hash(PASSWORD, { algorithm: 2, memoryCost: 1024, timeCost: 1, parallelism: 1 });
      const argon2i = await hash(PASSWORD, { algorithm: 1, memoryCost: 19_456, timeCost: 2, parallelism: 1 });
      for (const [n, passwordHash] of [cheap, argon2i, PASSWORD].entries()) {
        const email = `weak.hash.${n}@example.com`;
        const res = await createWith({ email, password_hash: passwordHash, verified: true });
        expect(res.statusCode).toBe(422);
        expect(res.json().errors).toEqual({
          password_hash: 'A password hash must be argon2id in PHC form, of at least m=19456, t=2, p=1',
        });
        expect(await userRow(email)).toBeUndefined();
      }
    });

    it('when both a password and a hash, neither, or a hash with a claim are given, then nothing is made', async () => {
      const passwordHash = await hashPassword(PASSWORD);
      const both = await createWith({
        email: 'both@example.com',
        password: PASSWORD,
        password_hash: passwordHash,
      });
      expect(both.statusCode).toBe(422);
      expect(both.json().errors).toEqual({ password_hash: 'Give a password or a password hash, not both' });
      const neither = await createWith({ email: 'neither@example.com' });
      expect(neither.statusCode).toBe(422);
      expect(neither.json().errors).toHaveProperty('password');
      // A claim's answer for a taken address takes a hash's time; a given hash would take none.
      const claim = await createWith({
        email: 'claim.hash@example.com',
        password_hash: passwordHash,
        when_taken: 'mail_owner',
      });
      expect(claim.statusCode).toBe(422);
      expect(claim.json().errors).toEqual({
        password_hash: "A password hash is not taken with when_taken 'mail_owner'",
      });
      for (const email of ['both@example.com', 'neither@example.com', 'claim.hash@example.com'])
        expect(await userRow(email)).toBeUndefined();
    });
  });

  describe('withdraw', () => {
    it('when the account was made and nobody used it, then the password it was made with takes it back, and its mailed link no longer works', async () => {
      const made = await create({ email: 'undo@example.com', role: 'coach', first_name: 'Undo' });
      expect(made.statusCode).toBe(201);
      const link = await identity.linkToken('undo@example.com', 'verify-email');

      const wrong = await withdraw({ email: 'undo@example.com', password: 'Other!pass1' });
      expect(wrong.json()).toEqual({ withdrawn: false });
      expect(await userRow('undo@example.com')).toBeDefined();

      const res = await withdraw({ email: 'UNDO@example.com', password: PASSWORD });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ withdrawn: true });
      expect(await userRow('undo@example.com')).toBeUndefined();
      expect((await identity.published('identity.user.deleted')).map((e) => e.data)).toContainEqual(
        expect.objectContaining({ user_id: made.json().user.id }),
      );
      expect((await identity.get(`/auth/verify-email?token=${encodeURIComponent(link)}`)).statusCode).toBe(
        400,
      );
      // The address is free again.
      expect((await create({ email: 'undo@example.com' })).statusCode).toBe(201);
    });

    it('when the account is verified or has logged in, then 409 account_in_use and it stays', async () => {
      const res = await withdraw({ email: 'demo.olivia@example.com', password: PASSWORD });
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('account_in_use');
      expect(await userRow('demo.olivia@example.com')).toBeDefined();
    });

    it('when no account has the address, then nothing is withdrawn', async () => {
      const res = await withdraw({ email: 'never@example.com', password: PASSWORD });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ withdrawn: false });
    });
  });

  describe('names', () => {
    const names = (user_ids: number[], headers: Record<string, string> = asService) =>
      identity.post('/internal/accounts/names', { user_ids }, headers);

    it('when a service asks for accounts by id, then each found one answers the names it gave itself (null where none), and ids without an account are left out', async () => {
      const named = (
        await create({ email: 'named.claimant@example.com', first_name: 'Ella', last_name: 'Morgan' })
      ).json().user.id as number;
      const nameless = (await create({ email: 'nameless.claimant@example.com' })).json().user.id as number;
      const res = await names([named, nameless, 987_654]);
      expect(res.statusCode).toBe(200);
      expect((res.json().accounts as Array<{ id: number }>).sort((a, b) => a.id - b.id)).toEqual([
        { id: named, first_name: 'Ella', last_name: 'Morgan' },
        { id: nameless, first_name: null, last_name: null },
      ]);
    });

    it('when the service token is missing, then 401 and no names', async () => {
      const res = await names([1], {});
      expect(res.statusCode).toBe(401);
      expect(res.json().accounts).toBeUndefined();
    });
  });
});
