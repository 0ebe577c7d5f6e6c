/**
 * The replica tier (issue 26, item 6): the platform as two gateways and two replicas of each
 * service, processes on this machine's PostgreSQL and RabbitMQ, behind round-robin fronts. Each
 * scenario asserts what people would see and prints its figures. They share one boot and run in
 * order: the ones that kill a replica come last.
 */
import type { ServerToClientEvents } from '@linksmate/proto';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Cluster, startCluster } from './cluster';
import { api, figures, makePeople, openSocket, type Person, until } from './people';

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
  await cluster?.stop();
});

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
});
