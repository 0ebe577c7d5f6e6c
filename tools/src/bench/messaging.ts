import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestAuth } from '@linksmate/platform/testing';
import type { ServerToClientEvents } from '@linksmate/proto';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { Pool } from 'undici';
import { fmt, percentile, scratchDatabase } from './infra';
import { keysAndVersions, startServiceWithGateway, stop } from './processes';
import { atMost, row } from './summary';

/** A process's resident memory, in bytes (Linux). */
function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
}

const sorted = (values: number[]) => [...values].sort((a, b) => a - b);

/**
 * messaging and the gateway in front of it as separate processes, messaging knowing people 1 to
 * `people` (as identity's events would leave them); `admin`, when given, is an admin.
 */
export function startMessagingWithPeople(options: {
  databaseUrl: string;
  identityUrl: string;
  uploads: string;
  db: pg.Pool;
  people: number;
  admin?: number;
}) {
  return startServiceWithGateway({
    entry: 'services/messaging/src/main.ts',
    upstream: 'MESSAGING_URL',
    databaseUrl: options.databaseUrl,
    identityUrl: options.identityUrl,
    env: { SMTP_URL: 'smtp://127.0.0.1:1', STORAGE_DRIVER: 'local', UPLOADS_DIR: options.uploads },
    seed: () =>
      options.db.query(
        `insert into users (id, username, email, first_name, last_name, role, version)
         select g, 'golfer' || g, 'golfer' || g || '@example.com', 'Golfer', 'No ' || g,
                case when g = $2 then 'admin' else 'member' end, 1
         from generate_series(1, $1::int) g`,
        [options.people, options.admin ?? 0],
      ),
  });
}

/**
 * DM delivery through the whole path — HTTP send at the gateway → messaging (insert, outbox) →
 * RabbitMQ → the gateway's consumer → the receiver's socket — with `sockets` people connected to one
 * gateway and `rate` messages a second, beside the same message's INSERT run straight on
 * PostgreSQL; and the gateway's memory per connected socket.
 */
export async function measureMessaging(options: { sockets?: number; rate?: number; seconds?: number } = {}) {
  const sockets = options.sockets ?? 2_000;
  const rate = options.rate ?? 50;
  const seconds = options.seconds ?? 10;
  const senders = 50;
  const database = await scratchDatabase('messaging');
  const uploads = mkdtempSync(join(tmpdir(), 'lmbench-messaging-'));
  const auth = await createTestAuth();
  const identity = await keysAndVersions(auth.signer.jwks());
  const loadBefore = loadavg()[0]!;
  const processes: ChildProcess[] = [];
  const clients: Socket[] = [];
  const db = new pg.Pool({ connectionString: database.url, max: 4 });
  // The bench database's drop may end a session db.end() left closing.
  db.on('error', () => {});
  try {
    const { service, gateway, gatewayUrl } = await startMessagingWithPeople({
      databaseUrl: database.url,
      identityUrl: identity.url,
      uploads,
      db,
      people: sockets + senders,
    });
    processes.push(service, gateway);
    const token = (id: number) =>
      auth.tokenFor(id, 'member', {
        membership_status: 'active',
        membership_ends_at: null,
        ttlSeconds: 3600,
      });

    // Connect every receiver; the gateway's memory before and after is what the sockets cost.
    await new Promise((r) => setTimeout(r, 1_000));
    const rssBefore = rssOf(gateway.pid!);
    const arrivals = new Map<string, number>();
    const sentAt = new Map<string, number>();
    for (let batch = 0; batch < sockets; batch += 100) {
      await Promise.all(
        Array.from({ length: Math.min(100, sockets - batch) }, async (_, i) => {
          const id = batch + i + 1;
          const socket: Socket<ServerToClientEvents> = io(gatewayUrl, {
            path: '/socket.io',
            auth: { token: await token(id) },
            transports: ['websocket'],
            reconnection: false,
          });
          clients.push(socket);
          socket.on('message:new', (payload) => {
            // Only the timed messages count: the senders' warm-up messages arrive here too.
            if (payload.content && sentAt.has(payload.content))
              arrivals.set(payload.content, performance.now());
          });
          await new Promise<void>((resolve, reject) => {
            socket.once('connect', () => resolve());
            socket.once('connect_error', reject);
          });
        }),
      );
    }
    await new Promise((r) => setTimeout(r, 2_000));
    const rssAfter = rssOf(gateway.pid!);

    // `rate` DMs a second from 50 senders to receivers in turn, each timed from the call to the socket.
    const senderTokens = await Promise.all(Array.from({ length: senders }, (_, i) => token(sockets + 1 + i)));
    const http = new Pool(gatewayUrl, { connections: 64 });
    // Warm-up, not timed: each sender's first call (token checks, upstream connections, prepared plans).
    await Promise.all(
      senderTokens.map(async (sender, i) => {
        const response = await http.request({
          path: '/api/v1/messages/dm',
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${sender}` },
          body: JSON.stringify({ receiver_user_id: 1 + i, content: `warm-up ${i}` }),
        });
        await response.body.dump();
      }),
    );
    await new Promise((r) => setTimeout(r, 1_000));
    const callTimes: number[] = [];
    let refused = 0;
    const total = rate * seconds;
    const started = performance.now();
    const calls: Promise<void>[] = [];
    for (let n = 0; n < total; n++) {
      const due = started + (n * 1000) / rate;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      const content = `bench ${n}`;
      const receiver = 1 + ((n * 7919) % sockets);
      calls.push(
        (async () => {
          const t0 = performance.now();
          sentAt.set(content, t0);
          const response = await http.request({
            path: '/api/v1/messages/dm',
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              authorization: `Bearer ${senderTokens[n % senders]}`,
            },
            body: JSON.stringify({ receiver_user_id: receiver, content }),
          });
          await response.body.dump();
          callTimes.push(performance.now() - t0);
          if (response.statusCode !== 201) refused++;
        })(),
      );
    }
    await Promise.all(calls);
    const deadline = performance.now() + 10_000;
    while (arrivals.size < total - refused && performance.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    await http.close();
    const delivery = sorted(
      [...sentAt].flatMap(([content, t0]) => (arrivals.has(content) ? [arrivals.get(content)! - t0] : [])),
    );

    // The same message's INSERT (and its conversation's update), straight on PostgreSQL.
    const sqlTimes: number[] = [];
    const { rows } = await db.query(`select id from conversations where type = 'direct' limit 1`);
    const conversationId = rows[0]?.id as number;
    for (let i = 0; i < 500; i++) {
      const t0 = performance.now();
      await db.query(
        `with m as (insert into messages (conversation_id, sender_user_id, receiver_user_id, content)
           values ($1, $2, $3, $4) returning id, sent_at)
         update conversations set last_message_id = m.id, last_message_at = m.sent_at from m where conversations.id = $1`,
        [conversationId, sockets + 1, 1, `direct ${i}`],
      );
      sqlTimes.push(performance.now() - t0);
    }
    const sql = sorted(sqlTimes);
    const call = sorted(callTimes);
    return {
      rows: [
        row({
          figure: `DM send → socket, ${sockets.toLocaleString('en')} sockets, p99`,
          value: percentile(delivery, 99),
          unit: 'ms',
          target: '≤ 50 ms',
          meets: atMost(50),
        }),
        row({
          figure: 'DMs delivered',
          value: delivery.length,
          unit: `of ${total - refused}`,
          target: 'all',
          meets: (n) => n === total - refused,
        }),
      ],
      report() {
        return [
          `Direct messages in real time (${sockets.toLocaleString('en')} sockets on one gateway, ${rate} messages/s for ${seconds} s from ${senders} senders; messaging and gateway as separate processes over RabbitMQ; load average ${fmt(loadBefore, 1)} before):`,
          `  send call → receiver's socket     p50 ${fmt(percentile(delivery, 50))} ms   p99 ${fmt(percentile(delivery, 99))} ms   delivered ${delivery.length}/${total}, refused ${refused}   (target: p99 ≤ 50 ms)`,
          `  send call alone (HTTP 201)        p50 ${fmt(percentile(call, 50))} ms   p99 ${fmt(percentile(call, 99))} ms`,
          `  same INSERT on PostgreSQL         p50 ${fmt(percentile(sql, 50), 2)} ms   p99 ${fmt(percentile(sql, 99), 2)} ms   ratio delivery/SQL p50 ${fmt(percentile(delivery, 50) / percentile(sql, 50), 0)}×`,
          `  gateway memory per socket         ${fmt((rssAfter - rssBefore) / sockets / 1024, 1)} KiB   (RSS ${fmt(rssBefore / 2 ** 20, 0)} → ${fmt(rssAfter / 2 ** 20, 0)} MiB)`,
        ].join('\n');
      },
    };
  } finally {
    for (const socket of clients) socket.close();
    await db.end();
    for (const child of processes.reverse()) await stop(child);
    await database.drop();
    await identity.close();
    await auth.close();
    rmSync(uploads, { recursive: true, force: true });
  }
}
