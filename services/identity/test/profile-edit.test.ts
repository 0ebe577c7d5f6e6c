import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type IdentityUnderTest, startIdentity } from './fixtures';

type Person = { id: number; token: string };

describe('identity: editing one’s profile and blocking', () => {
  let identity: IdentityUnderTest;
  let me: Person;
  let other: Person;

  const put = (person: Person, payload: unknown) =>
    identity.app.inject({
      method: 'PUT',
      url: '/profile',
      payload: payload as object,
      headers: { authorization: `Bearer ${person.token}` },
    });
  const block = (method: 'POST' | 'DELETE', person: Person, id: number | string) =>
    identity.app.inject({
      method,
      url: `/profile/block/${id}`,
      headers: { authorization: `Bearer ${person.token}` },
    });
  const form = {
    username: 'edit_me',
    first_name: 'Ava',
    last_name: 'Nguyen',
    manual_handicap: 12.3,
    skill_level: 'intermediate',
    club_memberships_text: 'Royal Melbourne',
    is_profile_visible: true,
    availability_status: 'Available',
    availability_status_message: 'Weekends at Moore Park',
  };

  beforeAll(async () => {
    identity = await startIdentity();
    me = await identity.verifiedUser('edit_me', 'edit.me@example.com');
    other = await identity.verifiedUser('edit_other', 'edit.other@example.com');
    await identity.setUser(other.id, { firstName: 'Noah', lastName: 'Smith' });
  });

  afterAll(() => identity?.close());

  it('when the form is valid, then the profile is stored, answered and published with the next version', async () => {
    const before = (await identity.published('identity.user.updated')).length;
    const res = await put(me, form);
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ ...form, id: me.id, email: 'edit.me@example.com' });
    const events = await identity.published('identity.user.updated');
    expect(events).toHaveLength(before + 1);
    const published = events.at(-1)!.data as { user_id: number; first_name: string; version: number };
    expect(published).toMatchObject({ user_id: me.id, first_name: 'Ava' });
    const again = await put(me, { ...form, first_name: 'Avery' });
    const next = (await identity.published('identity.user.updated')).at(-1)!.data as { version: number };
    expect(again.statusCode).toBe(200);
    expect(next.version).toBe(published.version + 1);
  });

  it('when the form changes nothing, then nothing is written or published', async () => {
    await put(me, form);
    const before = (await identity.published('identity.user.updated')).length;
    const res = await put(me, form);
    expect(res.statusCode).toBe(200);
    expect(await identity.published('identity.user.updated')).toHaveLength(before);
  });

  it('when fields break the rules, then 422 with the spec’s message per field and nothing changes', async () => {
    await put(me, form);
    const res = await put(me, {
      username: 'no',
      first_name: '  ',
      last_name: '',
      manual_handicap: 15.25,
      skill_level: 'legend',
      availability_status: 'Asleep',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      username: 'Username must be at least 3 characters long.',
      first_name: 'First name is required.',
      last_name: 'Last name is required.',
      manual_handicap: 'Handicap can only have one decimal place (e.g., 15.2).',
      skill_level: 'Please choose a skill level: beginner, intermediate, advanced or pro.',
      availability_status: 'Please choose an availability: Available, Unavailable or Currently Playing.',
    });
    expect(res.json().error).toBe('Username must be at least 3 characters long.');
    const stored = (await identity.get('/profile', me.token)).json().user;
    expect(stored).toMatchObject({ username: 'edit_me', first_name: 'Ava', manual_handicap: 12.3 });
  });

  it.each([
    [54.05, 'Handicap must be a number between -10 and 54.'],
    [true, 'Handicap must be a number between -10 and 54.'],
    [{ value: 3 }, 'Handicap must be a number between -10 and 54.'],
    [-10.5, 'Handicap must be a number between -10 and 54.'],
    ['abc', 'Handicap must be a number between -10 and 54.'],
    ['15.25', 'Handicap can only have one decimal place (e.g., 15.2).'],
  ])('when the handicap is %s, then 422 “%s”', async (handicap, message) => {
    const res = await put(me, { ...form, manual_handicap: handicap });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ manual_handicap: message });
  });

  it('when the handicap is a decimal, text or empty, then it is stored as one decimal, or none', async () => {
    expect((await put(me, { ...form, manual_handicap: -10 })).json().user.manual_handicap).toBe(-10);
    expect((await put(me, { ...form, manual_handicap: '54.0' })).json().user.manual_handicap).toBe(54);
    expect((await put(me, { ...form, manual_handicap: 0.1 })).json().user.manual_handicap).toBe(0.1);
    expect((await put(me, { ...form, manual_handicap: 0 })).json().user.manual_handicap).toBe(0);
    expect((await put(me, { ...form, manual_handicap: '' })).json().user.manual_handicap).toBeNull();
    expect((await put(me, { ...form, manual_handicap: null })).json().user.manual_handicap).toBeNull();
    const column = await identity.pool.query(
      `select data_type from information_schema.columns where table_name = 'users' and column_name = 'manual_handicap'`,
    );
    expect(column.rows[0].data_type).toBe('numeric');
  });

  it('when the username is another’s in other letter case, then 409 on the username', async () => {
    const res = await put(me, { ...form, username: 'EDIT_OTHER' });
    expect(res.statusCode).toBe(409);
    expect(res.json().errors).toEqual({ username: 'This username is already taken.' });
    // One's own name in other letters is one's own.
    expect((await put(me, { ...form, username: 'Edit_Me' })).json().user.username).toBe('Edit_Me');
    await put(me, form);
  });

  it('when the username is far too long or has other characters, then a clear refusal, never a 500', async () => {
    const long = await put(me, { ...form, username: 'a'.repeat(1024 * 1024) });
    expect([400, 413]).toContain(long.statusCode);
    expect(long.json().error).toEqual(expect.any(String));
    const odd = await put(me, { ...form, username: 'ava nguyen!' });
    expect(odd.statusCode).toBe(422);
    expect(odd.json().errors.username).toBe('Username can only contain letters, numbers, and underscores.');
  });

  it('when the body names another person’s id, then 403 and their profile is untouched', async () => {
    const res = await put(me, { ...form, id: other.id, username: 'taken_over' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('You can only edit your own profile.');
    expect((await identity.get(`/profile/${other.id}`, me.token)).json().user.username).toBe('edit_other');
  });

  it('when a profile image URL was not uploaded by this service, then 422 and it is not shown', async () => {
    const res = await put(me, { ...form, profile_image_url: 'https://evil.example/track.png' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ profile_image_url: 'Please upload the profile image again.' });
  });

  it('when the availability is “Playing”, then it is stored as the form’s “playing”', async () => {
    const res = await put(me, { ...form, availability_status: 'Playing' });
    expect(res.json().user.availability_status).toBe('playing');
    await put(me, form);
  });

  it('when anonymous, then editing and blocking are refused with 401', async () => {
    expect((await identity.app.inject({ method: 'PUT', url: '/profile', payload: form })).statusCode).toBe(
      401,
    );
    expect(
      (await identity.app.inject({ method: 'POST', url: `/profile/block/${other.id}` })).statusCode,
    ).toBe(401);
  });

  it('when one blocks another, then both stop seeing each other, the block is listed and published once', async () => {
    const first = await block('POST', me, other.id);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ message: 'User has been blocked.', blocked_user_ids: [other.id] });
    expect((await block('POST', me, other.id)).json().blocked_user_ids).toEqual([other.id]);
    expect(await identity.published('identity.user.blocked')).toHaveLength(1);
    expect((await identity.published('identity.user.blocked'))[0]!.data).toMatchObject({
      blocker_user_id: me.id,
      blocked_user_id: other.id,
    });

    // Mutual invisibility, answered as “not found” so the block is never revealed.
    const mine = await identity.get(`/profile/${other.id}`, me.token);
    const theirs = await identity.get(`/profile/${me.id}`, other.token);
    expect([mine.statusCode, theirs.statusCode]).toEqual([404, 404]);
    expect(theirs.json().error).toBe('User not found');
    const golfers = (await identity.get('/golfers?limit=50', other.token)).json().users;
    expect(golfers.map((u: { id: number }) => u.id)).not.toContain(me.id);

    const own = (await identity.get('/profile', me.token)).json().user;
    expect(own.blocked_users).toEqual([
      { id: other.id, displayName: 'Noah Smith', username: 'edit_other', profile_image_url: null },
    ]);
    // The blocked person learns nothing about who blocked them.
    expect((await identity.get('/profile', other.token)).json().user.blocked_users).toEqual([]);
  });

  it('when one unblocks, then both see each other again; unblocking twice changes nothing', async () => {
    await block('POST', me, other.id);
    const res = await block('DELETE', me, other.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'User unblocked successfully!', blocked_user_ids: [] });
    expect((await block('DELETE', me, other.id)).statusCode).toBe(200);
    expect(await identity.published('identity.user.unblocked')).toHaveLength(1);
    expect((await identity.get(`/profile/${other.id}`, me.token)).statusCode).toBe(200);
    expect((await identity.get(`/profile/${me.id}`, other.token)).statusCode).toBe(200);
  });

  it('when the blocked person blocks back, then each block is its own and lifting one keeps the other', async () => {
    await block('POST', me, other.id);
    await block('POST', other, me.id);
    await block('DELETE', me, other.id);
    expect((await identity.get(`/profile/${other.id}`, me.token)).statusCode).toBe(404);
    await block('DELETE', other, me.id);
    expect((await identity.get(`/profile/${other.id}`, me.token)).statusCode).toBe(200);
  });

  it('when one blocks oneself, a missing person or a bad id, then 400, 404 or 400 and nothing is stored', async () => {
    const self = await block('POST', me, me.id);
    expect(self.statusCode).toBe(400);
    expect(self.json().error).toBe('You cannot block yourself.');
    expect((await block('POST', me, 999_999)).statusCode).toBe(404);
    expect((await block('POST', me, 'abc')).statusCode).toBe(400);
    expect((await block('POST', me, 0)).statusCode).toBe(400);
    expect((await identity.get('/profile', me.token)).json().user.blocked_user_ids).toEqual([]);
  });
});
