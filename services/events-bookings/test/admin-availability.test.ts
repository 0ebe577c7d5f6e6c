import { AVAILABILITY_MESSAGES, type AvailabilitySlot } from '@linksmate/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EventsBookingsUnderTest, type Person, startEventsBookings } from './fixtures';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('events-bookings: Manage Availability (admin slots)', () => {
  let eb: EventsBookingsUnderTest;
  let siteAdmin: Person;
  let member: Person;
  /**
   * Times from one instant read once: reading the clock per call let a body's start and end "at the
   * same time" differ by a millisecond on a busy machine (and a range's dates cross midnight).
   */
  let origin: number;
  const at = (ms: number) => new Date(origin + ms).toISOString();
  const slotCount = async () =>
    Number((await eb.pool.query('select count(*) from availability_slots')).rows[0].count);
  const create = (body: Record<string, unknown>, token = siteAdmin.token) =>
    eb.post('/admin/availability', body, token);
  const refused = async (res: Awaited<ReturnType<typeof create>>) => {
    expect(res.statusCode, res.body).toBe(422);
    return res.json().errors as Record<string, string>;
  };
  /** `count` slots `every` minutes apart from `from`, each lasting `minutes`. */
  const series = (from: number, count: number, every = 30, minutes = 60) =>
    Array.from({ length: count }, (_, i) => ({
      start_time: at(from + i * every * MINUTE),
      end_time: at(from + i * every * MINUTE + minutes * MINUTE),
    }));

  beforeAll(async () => {
    eb = await startEventsBookings();
    origin = eb.clock.now().getTime();
    siteAdmin = await eb.person({ role: 'site_admin' });
    member = await eb.person();
  });
  afterAll(() => eb?.close());

  it('when an admin adds a slot with only its start, then the spec’s defaults fill the rest', async () => {
    const start = at(DAY);
    const res = await create({ start_time: start });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      start_time: start,
      end_time: null,
      slot_type: 'individual',
      price: 0,
      currency: 'AUD',
      capacity: 1,
      booked_count: 0,
      status: 'active',
      notes_for_admin: null,
      created_by_user_id: siteAdmin.id,
    });
    const full = await create({
      start_time: at(2 * DAY),
      end_time: at(2 * DAY + HOUR),
      slot_type: 'group',
      price: 4500,
      currency: 'AUD',
      capacity: 4,
      status: 'pending',
      notes_for_admin: '  Bring the launch monitor  ',
    });
    expect(full.json()).toMatchObject({
      slot_type: 'group',
      price: 4500,
      capacity: 4,
      status: 'pending',
      notes_for_admin: 'Bring the launch monitor',
    });
  });

  it('when a slot breaks a rule, then each field gets its message and nothing is stored', async () => {
    const before = await slotCount();
    expect(await refused(await create({}))).toEqual({ start_time: AVAILABILITY_MESSAGES.startRequired });
    expect(
      await refused(
        await create({ start_time: at(DAY), end_time: at(DAY), capacity: 0, price: -1, status: 'booked' }),
      ),
    ).toEqual({
      end_time: AVAILABILITY_MESSAGES.endAfterStart,
      capacity: AVAILABILITY_MESSAGES.capacityMin,
      price: AVAILABILITY_MESSAGES.priceNegative,
      status: AVAILABILITY_MESSAGES.newStatus,
    });
    expect(await refused(await create({ start_time: 'soon', end_time: 'later' }))).toEqual({
      start_time: AVAILABILITY_MESSAGES.startRequired,
      end_time: AVAILABILITY_MESSAGES.timeInvalid,
    });
    expect(await refused(await create({ start_time: at(DAY), status: 'canceled', venue_id: 999 }))).toEqual({
      status: AVAILABILITY_MESSAGES.newStatus,
      venue_id: 'Venue not found',
    });
    expect(await refused(await create({ start_time: at(DAY), capacity: 2.5 }))).toEqual({
      capacity: AVAILABILITY_MESSAGES.capacityWhole,
    });
    expect((await create({ start_time: at(DAY), currency: 'USD' })).statusCode).toBe(400);
    expect(await slotCount()).toBe(before);
  });

  it('when an admin creates a batch, then every slot is stored at once', async () => {
    const venueId = await eb.venue();
    const slots = series(10 * DAY, 5).map((slot) => ({
      ...slot,
      slot_type: 'group',
      capacity: 3,
      venue_id: venueId,
    }));
    const res = await eb.post('/admin/availability/batch', { slots }, siteAdmin.token);
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json().slots as AvailabilitySlot[];
    expect(created.map((s) => s.start_time)).toEqual(slots.map((s) => s.start_time));
    expect(created.every((s) => s.capacity === 3 && s.venue_id === venueId && s.status === 'active')).toBe(
      true,
    );
  });

  it('when a batch is empty, too long, or one slot is wrong, then none is stored and the errors name the slot', async () => {
    const before = await slotCount();
    const batch = (slots: unknown[]) => eb.post('/admin/availability/batch', { slots }, siteAdmin.token);
    expect(await refused(await batch([]))).toEqual({ slots: AVAILABILITY_MESSAGES.batchEmpty });
    expect(await refused(await batch(series(20 * DAY, 51)))).toEqual({
      slots: AVAILABILITY_MESSAGES.batchTooMany,
    });
    const oneBad = series(20 * DAY, 3);
    oneBad[1] = { ...oneBad[1]!, capacity: 0 } as (typeof oneBad)[number];
    expect(await refused(await batch(oneBad))).toEqual({
      'slots.1.capacity': AVAILABILITY_MESSAGES.capacityMin,
    });
    expect(await refused(await batch(series(20 * DAY, 2, 30, 4)))).toEqual({
      'slots.0.end_time': AVAILABILITY_MESSAGES.durationMin,
      'slots.1.end_time': AVAILABILITY_MESSAGES.durationMin,
    });
    expect(await refused(await batch(series(20 * DAY, 3, 4)))).toEqual({
      'slots.1.start_time': AVAILABILITY_MESSAGES.intervalMin,
      'slots.2.start_time': AVAILABILITY_MESSAGES.intervalMin,
    });
    expect(await refused(await batch([{ start_time: at(20 * DAY) }, {}]))).toEqual({
      'slots.1.start_time': AVAILABILITY_MESSAGES.startRequired,
    });
    expect(await slotCount()).toBe(before);
    // Fifty is the most, and allowed.
    expect((await batch(series(30 * DAY, 50, 5, 5))).statusCode).toBe(201);
  });

  it('when an admin lists slots, then the range, status and page narrow them, in start order with a range', async () => {
    const base = 200 * DAY;
    const ids: number[] = [];
    for (const [offset, status] of [
      [2 * DAY, 'active'],
      [0, 'active'],
      [DAY, 'pending'],
    ] as const)
      ids.push((await create({ start_time: at(base + offset), status })).json().id);
    const [later, first, middle] = ids;
    const day = (ms: number) => at(ms).slice(0, 10);
    const range = `start_date=${day(base)}&end_date=${day(base + 2 * DAY)}`;
    const listed = async (query: string) => {
      const res = await eb.get(`/admin/availability?${query}`, siteAdmin.token);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      return { total: body.total, ids: (body.slots as AvailabilitySlot[]).map((s) => s.id) };
    };
    expect(await listed(range)).toEqual({ total: 3, ids: [first, middle, later] });
    expect(await listed(`${range}&status=active`)).toEqual({ total: 2, ids: [first, later] });
    expect(await listed(`${range}&limit=1&offset=2`)).toEqual({ total: 3, ids: [later] });
    // Without a range, the newest start comes first.
    expect((await listed('limit=1')).ids).toEqual([later]);
  });

  it('when an admin edits a slot, then any status may be set and the result is checked whole; a missing slot is 404', async () => {
    const slot = (await create({ start_time: at(3 * DAY), end_time: at(3 * DAY + HOUR) })).json();
    const edit = (id: number, body: Record<string, unknown>) =>
      eb.put(`/admin/availability/${id}`, body, siteAdmin.token);
    const booked = await edit(slot.id, { status: 'booked', notes_for_admin: 'Taken by Kim' });
    expect(booked.statusCode, booked.body).toBe(200);
    expect(booked.json()).toMatchObject({
      status: 'booked',
      notes_for_admin: 'Taken by Kim',
      start_time: slot.start_time,
      end_time: slot.end_time,
    });
    expect((await edit(slot.id, { status: 'canceled', end_time: null })).json()).toMatchObject({
      status: 'canceled',
      end_time: null,
    });
    expect(await refused(await edit(slot.id, { end_time: at(2 * DAY), capacity: 0 }))).toEqual({
      end_time: AVAILABILITY_MESSAGES.endAfterStart,
      capacity: AVAILABILITY_MESSAGES.capacityMin,
    });
    expect(await refused(await edit(slot.id, { start_time: null }))).toEqual({
      start_time: AVAILABILITY_MESSAGES.startRequired,
    });
    expect((await edit(999_999, { status: 'active' })).statusCode).toBe(404);
  });

  it('when an admin deletes a slot, then it is gone; deleting it again is 404', async () => {
    const slot = (await create({ start_time: at(4 * DAY) })).json();
    const res = await eb.delete(`/admin/availability/${slot.id}`, siteAdmin.token);
    expect(res.statusCode).toBe(204);
    expect((await eb.delete(`/admin/availability/${slot.id}`, siteAdmin.token)).statusCode).toBe(404);
  });

  it('when a member or nobody calls the availability routes, then 403 or 401; every admin role passes the door', async () => {
    const calls = [
      (token?: string) => eb.get('/admin/availability', token),
      (token?: string) => eb.post('/admin/availability', { start_time: at(DAY) }, token),
      (token?: string) => eb.post('/admin/availability/batch', { slots: series(DAY, 1) }, token),
      (token?: string) => eb.put('/admin/availability/1', { status: 'active' }, token),
      (token?: string) => eb.delete('/admin/availability/999999', token),
    ];
    for (const call of calls) {
      expect((await call(member.token)).statusCode).toBe(403);
      expect((await call()).statusCode).toBe(401);
    }
    // What each admin then sees and changes is their scope's (admin-scope.test.ts).
    for (const role of ['coach_admin', 'facility_admin', 'admin'] as const) {
      const person = await eb.person({ role });
      expect((await eb.get('/admin/availability', person.token)).statusCode).toBe(200);
    }
    const admin = await eb.person({ role: 'admin' });
    expect((await create({ start_time: at(DAY) }, admin.token)).statusCode).toBe(201);
  });
});
