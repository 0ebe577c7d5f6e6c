/**
 * The replica tier (issue 26, item 6): the platform as two gateways and two replicas of each
 * service, processes on this machine's PostgreSQL and RabbitMQ, behind round-robin fronts. Each
 * scenario asserts what people would see and prints its figures. They share one boot and run in
 * order: the ones that kill a replica come last.
 */
import { SERVICE_TOKEN_HEADER } from '@linksmate/platform';
import { testPool } from '@linksmate/platform/testing';
import type { ServerToClientEvents } from '@linksmate/proto';
import type pg from 'pg';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Cluster, DATABASE_CUT_SERVICE, type Replica, SERVICES, startCluster } from './cluster';
import { api, eventually, figures, makePeople, openSocket, type Person, until } from './people';

let cluster: Cluster;
const sockets: Socket[] = [];

async function socketOf(base: string, person: Person, reconnection = false) {
  const socket = await openSocket(base, person.token, { reconnection });
  sockets.push(socket);
  return socket;
}

/** Every push of `name` the socket hears, from now on. */
function collect<T>(socket: Socket<ServerToClientEvents>, name: keyof ServerToClientEvents): T[] {
  const heard: T[] = [];
  socket.on(name as 'message:new', (payload: unknown) => heard.push(payload as T));
  return heard;
}

beforeAll(async () => {
  const started = performance.now();
  cluster = await startCluster();
  figures('boot', { processes: 14, seconds: Math.round((performance.now() - started) / 100) / 10 });
});

afterAll(async () => {
  for (const socket of sockets) socket.close();
  await Promise.all([...pools.values()].map((pool) => pool.end()));
  await cluster?.stop();
});

const pools = new Map<string, pg.Pool>();
/** A query on a service's own database, straight (not through the outage proxy). */
async function query<T extends pg.QueryResultRow>(
  service: (typeof SERVICES)[number],
  text: string,
  values: unknown[] = [],
): Promise<T[]> {
  let pool = pools.get(service);
  if (!pool) {
    pool = testPool(cluster.databases[service].url, 2);
    pools.set(service, pool);
  }
  return (await pool.query<T>(text, values)).rows;
}

const seconds = (ms: number) => Math.round(ms / 100) / 10;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Every process of the cluster and whether its /ready answers 200 now. */
async function readiness(): Promise<Array<{ name: string; ready: boolean }>> {
  const all: Replica[] = [...cluster.gateways, ...SERVICES.flatMap((n) => cluster.replicas[n])];
  return Promise.all(all.map(async (r) => ({ name: r.name, ready: await r.ready() })));
}

describe('the platform as replicas', () => {
  it('a direct message sent through gateway A reaches the recipient on gateway B, and the unread badge on both', async () => {
    const [alice, bob] = await makePeople(cluster, 'dm', 2);
    const [a, b] = cluster.gateways;
    const onB = collect<{ message_id: number; content: string }>(await socketOf(b.url, bob!), 'message:new');
    const onA = collect<{ message_id: number }>(await socketOf(a.url, bob!), 'message:new');
    const started = performance.now();
    const sent = await api(a.url, 'POST', '/api/v1/messages/dm', {
      token: alice!.token,
      body: { receiver_user_id: bob!.id, content: 'Nine holes at six?' },
    });
    expect(sent.status).toBe(201);
    await until('the push on gateway B', () => onB.length > 0, 30_000);
    const latency = performance.now() - started;
    await until('the push on gateway A', () => onA.length > 0, 30_000);
    expect(onB.map((m) => m.message_id)).toEqual([sent.body.message.id]);
    expect(onA.map((m) => m.message_id)).toEqual([sent.body.message.id]);
    const badges = await Promise.all(
      [a, b].map((g) => api(g.url, 'GET', '/api/v1/messages/unread-count', { token: bob!.token })),
    );
    expect(badges.map((r) => r.body.unread_count)).toEqual([1, 1]);
    figures('dm across gateways', {
      sent: 1,
      received: onA.length + onB.length,
      duplicates: onA.length + onB.length - 2,
      lost: 0,
      pushMs: Math.round(latency),
      unread: badges.map((r) => r.body.unread_count),
    });
  });
  it("an admin's ban through one gateway ends the banned person's socket on the other", async () => {
    const [admin] = await makePeople(cluster, 'admin', 1, { role: 'admin', member: false });
    const [carol] = await makePeople(cluster, 'banned', 1);
    const [a, b] = cluster.gateways;
    const socket = await socketOf(b.url, carol!);
    const revoked: unknown[] = collect(socket, 'session:revoked');
    let disconnectedAt = 0;
    let reason = '';
    socket.on('disconnect', (why) => {
      disconnectedAt = performance.now();
      reason = why;
    });
    const started = performance.now();
    // admin hears of new people through identity's events: until then the ban answers 404.
    const ban = await eventually('the ban', async () => {
      const answer = await api(a.url, 'POST', `/api/v1/admin/users/${carol!.id}/ban`, {
        token: admin!.token,
        body: { reason: 'replica tier' },
      });
      if (answer.status === 404) return undefined;
      return answer;
    });
    expect(ban.status, JSON.stringify(ban.body)).toBe(200);
    await until('the socket on gateway B ended', () => disconnectedAt > 0, 30_000);
    expect(revoked).toEqual([{ reason: 'banned' }]);
    expect(reason).toBe('io server disconnect');
    // Neither gateway takes the token any more.
    for (const g of [a, b])
      await eventually(`${g.name} refuses the banned token`, async () => {
        const { status } = await api(g.url, 'GET', '/api/v1/messages/unread-count', { token: carol!.token });
        return status === 401 ? true : undefined;
      });
    figures('ban across gateways', {
      sent: 1,
      received: revoked.length,
      duplicates: Math.max(0, revoked.length - 1),
      lost: revoked.length ? 0 : 1,
      socketEndedMs: Math.round(disconnectedAt - started),
    });
  });

  it('the digest job on two messaging replicas sends one e-mail', async () => {
    const [dave, erin] = await makePeople(cluster, 'digest', 2);
    for (const content of ['Round on Saturday?', 'Tee time is 7:10'])
      expect(
        (
          await api(cluster.url, 'POST', '/api/v1/messages/dm', {
            token: dave!.token,
            body: { receiver_user_id: erin!.id, content },
          })
        ).status,
      ).toBe(201);
    // Unread for longer than the digest waits: both replicas' sweeps (every second) now find it due.
    await query(
      'messaging',
      `update messages set sent_at = now() - interval '11 minutes' where receiver_user_id = $1`,
      [erin!.id],
    );
    const started = performance.now();
    const mail = await cluster.mail.waitFor((m) => m.to.includes(erin!.email), 60_000);
    const arrivedMs = performance.now() - started;
    // Several more sweeps of each replica: none may send it again.
    await sleep(6_000);
    const sent = cluster.mail.messagesTo(erin!.email);
    expect(sent).toHaveLength(1);
    expect(mail.text).toContain('2');
    const marked = await query<{ n: number }>(
      'messaging',
      'select count(*)::int n from digest_states where user_id = $1 and last_sent_at is not null',
      [erin!.id],
    );
    expect(marked[0]!.n).toBe(1);
    figures('digest on two replicas', {
      sent: 1,
      received: sent.length,
      duplicates: sent.length - 1,
      lost: 0,
      mailMs: Math.round(arrivedMs),
    });
  });

  it('the reminders job on two events-bookings replicas sends each player one reminder e-mail', async () => {
    const [admin] = await makePeople(cluster, 'reminding', 1, { role: 'admin', member: false });
    const players = await makePeople(cluster, 'reminded', 3);
    const venue = await api(cluster.serviceUrls['venues-coaches'], 'POST', '/internal/venues', {
      headers: { [SERVICE_TOKEN_HEADER]: cluster.serviceToken },
      body: { name: `Reminder Links ${Date.now()}`, venue_type: ['golf_course'], city: 'Perth', state: 'WA' },
    });
    expect(venue.status, JSON.stringify(venue.body)).toBe(201);
    // Starting in 90 minutes: in the 2 hour reminder's window.
    const start = new Date(Date.now() + 90 * 60_000);
    const eventId = await eventually('an official event', async () => {
      const made = await api(cluster.url, 'POST', '/api/v1/events/linksmate', {
        token: admin!.token,
        body: {
          title: 'Replica Twilight',
          venue_id: venue.body.venue.id,
          start_time: start.toISOString(),
          end_time: new Date(start.getTime() + 3 * 3_600_000).toISOString(),
          capacity: 10,
          price_per_participant: 0,
          currency: 'AUD',
          ticket_types: [{ name: 'General Admission', price_per_ticket: 0, currency: 'AUD' }],
        },
      });
      // events-bookings hears of the venue through its event.
      if (made.status === 404 || made.status === 422) return undefined;
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      return made.body.event.id as number;
    });
    for (const player of players) {
      const joined = await api(cluster.url, 'POST', `/api/v1/events/${eventId}/join`, {
        token: player.token,
        body: {},
      });
      expect(joined.status, JSON.stringify(joined.body)).toBe(201);
    }
    // Booked yesterday, as far as the reminders can tell: both replicas' sweeps now find them due.
    await query(
      'events-bookings',
      `update bookings set booked_at = now() - interval '1 day', decided_at = now() - interval '1 day'
        where event_id = $1`,
      [eventId],
    );
    const started = performance.now();
    for (const player of players) await cluster.mail.waitFor((m) => m.to.includes(player.email), 60_000);
    const arrivedMs = performance.now() - started;
    // Several more sweeps of each replica: none may send one again.
    await sleep(6_000);
    const received = players.map((p) => cluster.mail.messagesTo(p.email));
    for (const mails of received) {
      expect(mails).toHaveLength(1);
      // Sent within its window, 90 minutes or a little less before the start, and saying so.
      expect(mails[0]!.subject).toMatch(/^In (1 hour \d+ minutes|\d+ minutes): Replica Twilight$/);
      expect(mails[0]!.text).toContain('AWST at Reminder Links');
    }
    const recorded = await query<{ n: number }>(
      'events-bookings',
      `select count(*)::int n from booking_reminders r join bookings b on b.id = r.booking_id where b.event_id = $1`,
      [eventId],
    );
    expect(recorded[0]!.n).toBe(3);
    figures('reminders on two replicas', {
      bookings: players.length,
      received: received.flat().length,
      duplicates: received.flat().length - players.length,
      lost: received.filter((m) => !m.length).length,
      mailMs: Math.round(arrivedMs),
    });
  });

  it('RabbitMQ cut for 10 s during writes: services stay ready, writes succeed, every event arrives after the cut', async () => {
    const [frank, grace] = await makePeople(cluster, 'cut', 2);
    const [a, b] = cluster.gateways;
    const heard = [a, b].map(() => [] as number[]);
    for (const [i, g] of [a, b].entries()) {
      const socket = await socketOf(g.url, grace!);
      socket.on('message:new', (m: { message_id: number }) => heard[i]!.push(m.message_id));
    }
    const sentIds: number[] = [];
    const failures: number[] = [];
    let writing = true;
    const writes = (async () => {
      for (let n = 0; writing; n++) {
        const answer = await api(cluster.url, 'POST', '/api/v1/messages/dm', {
          token: frank!.token,
          body: { receiver_user_id: grace!.id, content: `during the cut ${n}` },
        });
        if (answer.status === 201) sentIds.push(answer.body.message.id);
        else failures.push(answer.status);
        await sleep(250);
      }
    })();
    await sleep(1_500);
    cluster.rabbitProxy.cut();
    const cutAt = performance.now();
    const notReady = new Set<string>();
    let probes = 0;
    while (performance.now() - cutAt < 10_000) {
      for (const r of await readiness()) if (!r.ready) notReady.add(r.name);
      probes++;
      await sleep(1_000);
    }
    const sentDuringCut = sentIds.length;
    cluster.rabbitProxy.restore();
    const restoredAt = performance.now();
    await sleep(1_500);
    writing = false;
    await writes;
    // Each of grace's sockets (one on each gateway) hears every message, once.
    const recovery = await until(
      'every message pushed to both sockets',
      () => heard.every((ids) => sentIds.every((id) => ids.includes(id))),
      60_000,
    ).catch(() => Number.NaN);
    const duplicates = heard.reduce((sum, ids) => sum + ids.length - new Set(ids).size, 0);
    const lost = heard.reduce((sum, ids) => sum + sentIds.filter((id) => !ids.includes(id)).length, 0);
    figures('RabbitMQ cut 10 s', {
      sent: sentIds.length,
      sentDuringCut,
      failedWrites: failures.length,
      received: heard.map((ids) => ids.length),
      duplicates,
      lost,
      notReady: [...notReady],
      readinessProbes: probes,
      recoveryS: seconds(performance.now() - restoredAt - (Number.isNaN(recovery) ? 0 : 0)),
    });
    expect(failures).toEqual([]);
    expect([...notReady]).toEqual([]);
    expect(lost).toBe(0);
    expect(duplicates).toBe(0);
  });

  it("one service's database stopped: its routes answer 503 in the API error shape, the rest of the site works", async () => {
    const [hana, ian] = await makePeople(cluster, 'dbcut', 2);
    expect((await api(cluster.url, 'GET', '/api/v1/venues')).status).toBe(200);
    cluster.databaseProxy.cut();
    const cutAt = performance.now();
    try {
      const venues = await Promise.all([
        api(cluster.url, 'GET', '/api/v1/venues'),
        api(cluster.url, 'GET', '/api/v1/venues'),
        api(cluster.url, 'GET', '/api/v1/coaches', { token: hana!.token }),
      ]);
      for (const answer of venues) {
        expect(answer.status, JSON.stringify(answer.body)).toBe(503);
        expect(answer.body).toEqual(expect.objectContaining({ error: expect.any(String) }));
      }
      // The rest of the site: the calendar, messages, the profile, a login.
      const others = {
        events: await api(cluster.url, 'GET', '/api/v1/events'),
        dm: await api(cluster.url, 'POST', '/api/v1/messages/dm', {
          token: hana!.token,
          body: { receiver_user_id: ian!.id, content: 'The venues are down?' },
        }),
        unread: await api(cluster.url, 'GET', '/api/v1/messages/unread-count', { token: ian!.token }),
        profile: await api(cluster.url, 'GET', '/api/v1/profile', { token: ian!.token }),
        login: await api(cluster.url, 'POST', '/api/v1/auth/login', {
          body: { email: ian!.email, password: 'Cluster!2026x' },
        }),
        subscription: await api(cluster.url, 'GET', '/api/v1/payments/subscription-status', {
          token: ian!.token,
        }),
      };
      const statuses = Object.fromEntries(Object.entries(others).map(([k, v]) => [k, v.status]));
      expect(statuses).toEqual({
        events: 200,
        dm: 201,
        unread: 200,
        profile: 200,
        login: 200,
        subscription: 200,
      });
      figures('database stopped', {
        service: DATABASE_CUT_SERVICE,
        answers: venues.map((v) => v.status),
        errorShape: venues[0]!.body,
        others: statuses,
        cutForS: seconds(performance.now() - cutAt),
      });
    } finally {
      cluster.databaseProxy.restore();
    }
    const restoredAt = performance.now();
    await eventually('venues answer again', async () =>
      (await api(cluster.url, 'GET', '/api/v1/venues')).status === 200 &&
      (await api(cluster.url, 'GET', '/api/v1/venues')).status === 200
        ? true
        : undefined,
    );
    figures('database back', {
      service: DATABASE_CUT_SERVICE,
      recoveryS: seconds(performance.now() - restoredAt),
    });
  });
  it('SIGKILL of one events-bookings replica during 200 joins to capacity-10 events: exactly 10 booked per event, no event lost or handled twice', async () => {
    const EVENTS = 5;
    const CAPACITY = 10;
    const [admin] = await makePeople(cluster, 'organiser', 1, { role: 'admin', member: false });
    const joiners = await makePeople(cluster, 'joiner', 40);
    const venue = await api(cluster.serviceUrls['venues-coaches'], 'POST', '/internal/venues', {
      headers: { [SERVICE_TOKEN_HEADER]: cluster.serviceToken },
      body: {
        name: `Replica Links ${Date.now()}`,
        venue_type: ['golf_course'],
        city: 'Sydney',
        state: 'NSW',
      },
    });
    expect(venue.status, JSON.stringify(venue.body)).toBe(201);
    const start = new Date(Date.now() + 10 * 86_400_000);
    const eventIds: number[] = [];
    for (let i = 0; i < EVENTS; i++)
      eventIds.push(
        await eventually('an official event', async () => {
          const made = await api(cluster.url, 'POST', '/api/v1/events/linksmate', {
            token: admin!.token,
            body: {
              title: `Replica Members Day ${i + 1}`,
              venue_id: venue.body.venue.id,
              start_time: start.toISOString(),
              end_time: new Date(start.getTime() + 4 * 3_600_000).toISOString(),
              capacity: CAPACITY,
              price_per_participant: 0,
              currency: 'AUD',
              ticket_types: [{ name: 'General Admission', price_per_ticket: 0, currency: 'AUD' }],
            },
          });
          // events-bookings hears of the venue through its event.
          if (made.status === 404 || made.status === 422) return undefined;
          expect(made.status, JSON.stringify(made.body)).toBe(201);
          return made.body.event.id as number;
        }),
      );
    const confirmedPushes: Array<{ user_id: number; event_id: number }> = [];
    for (const person of joiners) {
      const socket = await socketOf(cluster.url, person);
      socket.on('booking:confirmed', (b: { user_id: number; event_id: number }) => {
        if (eventIds.includes(b.event_id)) confirmedPushes.push(b);
      });
    }
    // Confirmations of other scenarios (the reminders job books too) are the outbox rows before these.
    const seqBefore = (
      await query<{ seq: string }>('events-bookings', 'select coalesce(max(seq), 0)::text as seq from outbox')
    )[0]!.seq;
    // Every joiner tries every event, in an order of its own: 200 joins, 16 at a time.
    const joins = joiners.flatMap((person, p) =>
      eventIds.map((_, e) => ({ person, eventId: eventIds[(e + p) % EVENTS]! })),
    );
    const outcomes = new Map<string, number>();
    let answered = 0;
    let failedAnswers = 0;
    let killedAt = 0;
    let firstAfterKill = 0;
    let next = 0;
    const victim = cluster.replicas['events-bookings'][0];
    const killer = (async () => {
      await until('60 joins answered', () => answered >= 60, 120_000);
      await victim.kill('SIGKILL');
      killedAt = performance.now();
    })();
    const started = performance.now();
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        while (next < joins.length) {
          const { person, eventId } = joins[next++]!;
          // A person whose join failed on the server presses again, a few times at most.
          for (let attempt = 1; ; attempt++) {
            const sentAt = performance.now();
            const answer = await api(cluster.url, 'POST', `/api/v1/events/${eventId}/join`, {
              token: person.token,
              body: {},
            }).catch(() => ({ status: 0, body: null }));
            if (answer.status >= 500 || answer.status === 0) {
              failedAnswers++;
              if (attempt < 6) {
                await sleep(300);
                continue;
              }
            }
            if (killedAt && sentAt > killedAt && answer.status > 0 && answer.status < 500 && !firstAfterKill)
              firstAfterKill = performance.now();
            outcomes.set(String(answer.status), (outcomes.get(String(answer.status)) ?? 0) + 1);
            answered++;
            break;
          }
        }
      }),
    );
    await killer;
    const joinSeconds = seconds(performance.now() - started);
    const restarting = victim.start();

    const booked = await query<{ event_id: number; n: number; stored: number }>(
      'events-bookings',
      `select e.id event_id, count(b.id)::int n, e.participant_count stored from events e
       left join bookings b on b.event_id = e.id and b.status = 'confirmed'
       where e.id = any($1::int[]) group by e.id order by e.id`,
      [eventIds],
    );
    // Every confirmation published once, handled once by each service that keeps them.
    const published = await eventually('the confirmations published', async () => {
      const rows = await query<{ id: string; sent: boolean }>(
        'events-bookings',
        // Sent rows lose their data (the event id with it): the joins' confirmations are those after seqBefore.
        `select id, sent_at is not null sent from outbox where type = 'events.booking.confirmed' and seq > $1`,
        [seqBefore],
      );
      return rows.length >= EVENTS * CAPACITY && rows.every((r) => r.sent)
        ? rows.map((r) => r.id)
        : undefined;
    });
    const handled: Record<string, { handled: number; duplicates: number }> = {};
    const inboxes = async () => {
      for (const service of ['messaging', 'admin'] as const) {
        const rows = await query<{ consumer: string; n: number; distinct: number }>(
          service,
          `select consumer, count(*)::int n, count(distinct event_id)::int distinct from inbox
           where event_id = any($1::uuid[]) group by consumer`,
          [published],
        );
        for (const r of rows)
          handled[`${service}:${r.consumer}`] = { handled: r.distinct, duplicates: r.n - r.distinct };
      }
      return Object.keys(handled).length >= 2 &&
        Object.values(handled).every((h) => h.handled === published.length)
        ? true
        : undefined;
    };
    await eventually('messaging and admin handled them', inboxes).catch(() => {});
    const expectedPushes = new Set(
      (
        await query<{ user_id: number; event_id: number }>(
          'events-bookings',
          `select user_id, event_id from bookings where status = 'confirmed' and event_id = any($1::int[])`,
          [eventIds],
        )
      ).map((b) => `${b.user_id}:${b.event_id}`),
    );
    await until(
      'every confirmation pushed',
      () => {
        const heard = new Set(confirmedPushes.map((b) => `${b.user_id}:${b.event_id}`));
        return [...expectedPushes].every((k) => heard.has(k));
      },
      60_000,
    ).catch(() => {});
    const pushKeys = confirmedPushes.map((b) => `${b.user_id}:${b.event_id}`);
    const pushDuplicates = pushKeys.length - new Set(pushKeys).size;
    const pushLost = [...expectedPushes].filter((k) => !pushKeys.includes(k)).length;
    await restarting;
    figures('events-bookings SIGKILL during joins', {
      joins: joins.length,
      seconds: joinSeconds,
      answers: Object.fromEntries(outcomes),
      retriedAfter5xx: failedAnswers,
      bookedPerEvent: booked.map((b) => b.n),
      storedCounts: booked.map((b) => b.stored),
      eventsPublished: published.length,
      handled,
      pushes: pushKeys.length,
      pushDuplicates,
      pushLost,
      recoveryS: firstAfterKill ? seconds(firstAfterKill - killedAt) : null,
    });
    expect(booked.map((b) => b.n)).toEqual(eventIds.map(() => CAPACITY));
    expect(booked.map((b) => b.stored)).toEqual(eventIds.map(() => CAPACITY));
    expect(published).toHaveLength(EVENTS * CAPACITY);
    expect(Object.keys(handled).length).toBeGreaterThanOrEqual(2);
    expect(Object.values(handled).every((h) => h.handled === published.length && h.duplicates === 0)).toBe(
      true,
    );
    expect(pushLost).toBe(0);
    expect(pushDuplicates).toBe(0);
    expect(outcomes.get('201') ?? 0).toBeLessThanOrEqual(EVENTS * CAPACITY);
    expect([...outcomes.keys()].filter((s) => s !== '201' && s !== '409')).toEqual([]);
  });

  it('SIGKILL of one gateway during live chat: sockets reconnect to the survivor and catch up, nothing lost or shown twice', async () => {
    const [henry, ivy] = await makePeople(cluster, 'live', 2);
    /** One of ivy's devices: what its socket heard, what it read again after reconnecting. */
    const devices = await Promise.all(
      [0, 1, 2, 3].map(async () => ({
        pushed: [] as number[],
        caughtUp: new Set<number>(),
        reconnectedAt: 0,
        dropped: false,
      })),
    );
    // Opened one after another through the front, so they alternate between the gateways.
    for (const device of devices) {
      const socket = await socketOf(cluster.url, ivy!, true);
      socket.on('message:new', (m: { message_id: number }) => device.pushed.push(m.message_id));
      socket.on('disconnect', () => {
        device.dropped = true;
      });
      // As the web does: pushes sent while away are gone, so the conversation is read again.
      socket.io.on('reconnect', async () => {
        device.reconnectedAt = performance.now();
        const read = await eventually('catching up', async () => {
          const answer = await api(cluster.url, 'GET', `/api/v1/messages/dm/${henry!.id}?limit=100`, {
            token: ivy!.token,
          });
          return answer.status === 200 ? (answer.body.messages as Array<{ id: number }>) : undefined;
        });
        for (const m of read) device.caughtUp.add(m.id);
      });
    }
    const conversation = async () =>
      (await api(cluster.url, 'GET', `/api/v1/messages/dm/${ivy!.id}?limit=100`, { token: henry!.token }))
        .body.messages as Array<{ id: number; content: string }>;
    const victim = cluster.gateways[0];
    let killedAt = 0;
    let failedSends = 0;
    for (let n = 0; n < 60; n++) {
      if (n === 20) {
        await victim.kill('SIGKILL');
        killedAt = performance.now();
      }
      const content = `live ${n}`;
      for (let attempt = 1; ; attempt++) {
        const answer = await api(cluster.url, 'POST', '/api/v1/messages/dm', {
          token: henry!.token,
          body: { receiver_user_id: ivy!.id, content },
        }).catch(() => ({ status: 0, body: null }));
        if (answer.status === 201) break;
        failedSends++;
        // Sent or not? Looked up before sending it again, so it is never there twice.
        if ((await conversation().catch(() => [])).some((m) => m.content === content) || attempt >= 5) break;
        await sleep(300);
      }
      await sleep(100);
    }
    const sent = (await conversation()).map((m) => m.id);
    const seen = (d: (typeof devices)[number]) => new Set([...d.pushed, ...d.caughtUp]);
    await until(
      'every device shows every message',
      () => devices.every((d) => sent.every((id) => seen(d).has(id))),
      60_000,
    ).catch(() => {});
    const dropped = devices.filter((d) => d.dropped);
    const lost = devices.reduce((sum, d) => sum + sent.filter((id) => !seen(d).has(id)).length, 0);
    const duplicates = devices.reduce((sum, d) => sum + d.pushed.length - new Set(d.pushed).size, 0);
    figures('gateway SIGKILL during live chat', {
      sent: sent.length,
      failedSends,
      sockets: devices.length,
      reconnected: dropped.filter((d) => d.reconnectedAt).length,
      dropped: dropped.length,
      pushedPerSocket: devices.map((d) => d.pushed.length),
      caughtUpOnly: devices.map(
        (d) => [...d.caughtUp].filter((id) => !d.pushed.includes(id) && sent.includes(id)).length,
      ),
      duplicates,
      lost,
      recoveryS: dropped.length ? seconds(Math.max(...dropped.map((d) => d.reconnectedAt)) - killedAt) : null,
    });
    expect(sent).toHaveLength(60);
    expect(new Set((await conversation()).map((m) => m.content)).size).toBe(60);
    expect(dropped.length).toBeGreaterThan(0);
    expect(dropped.every((d) => d.reconnectedAt > 0)).toBe(true);
    expect(lost).toBe(0);
    expect(duplicates).toBe(0);
    // The sockets that stayed on the survivor heard every message live.
    for (const d of devices.filter((x) => !x.dropped)) expect(new Set(d.pushed)).toEqual(new Set(sent));
  });
});
