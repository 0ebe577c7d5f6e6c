import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestAuth } from '@linksmate/platform/testing';
import pg from 'pg';
import { fmt, scratchDatabase } from './infra';
import { startMessagingWithPeople } from './messaging';
import { keysAndVersions, stop } from './processes';
import { row } from './summary';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * An announcement's fan-out to `people` people (docs/product.md#notifications): from the admin's
 * send call at the gateway → messaging (announcement, outbox) → RabbitMQ → the notifications
 * consumer's one INSERT … SELECT, until every person's notification is stored; beside that same
 * INSERT … SELECT run straight on PostgreSQL. The people are seeded here, not in the demo data.
 */
export async function measureNotificationFanOut(options: { people?: number; repeats?: number } = {}) {
  const people = options.people ?? 10_000;
  const repeats = options.repeats ?? 5;
  const admin = people + 1;
  const database = await scratchDatabase('notifications');
  const uploads = mkdtempSync(join(tmpdir(), 'lmbench-notifications-'));
  const auth = await createTestAuth();
  const identity = await keysAndVersions(auth.signer.jwks());
  const loadBefore = loadavg()[0]!;
  const processes: ChildProcess[] = [];
  const db = new pg.Pool({ connectionString: database.url, max: 2 });
  // The bench database's drop may end a session db.end() left closing.
  db.on('error', () => {});
  try {
    const { service, gateway, gatewayUrl } = await startMessagingWithPeople({
      databaseUrl: database.url,
      identityUrl: identity.url,
      uploads,
      db,
      people: admin,
      admin,
    });
    processes.push(service, gateway);
    const token = await auth.tokenFor(admin, 'admin', { ttlSeconds: 3600 });
    const stored = async () => {
      const { rows } = await db.query(
        `select count(*)::int as n from notifications where kind = 'announcement'`,
      );
      return rows[0].n as number;
    };

    // Each send is timed until its people's notifications are all stored (the admin is one of them).
    const viaService: number[] = [];
    for (let i = 0; i <= repeats; i++) {
      const before = await stored();
      const t0 = performance.now();
      const response = await fetch(`${gatewayUrl}/api/v1/admin/announcements`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ content: `Course closed for maintenance, notice ${i}` }),
      });
      if (response.status !== 201)
        throw new Error(`announcement refused: ${response.status} ${await response.text()}`);
      const deadline = t0 + 60_000;
      while ((await stored()) < before + admin) {
        if (performance.now() > deadline) throw new Error('the fan-out did not finish within 60 s');
        await new Promise((r) => setTimeout(r, 5));
      }
      // The first is a warm-up (connections, plans), not counted.
      if (i > 0) viaService.push(performance.now() - t0);
    }

    // The same statement the consumer runs, straight on PostgreSQL.
    const rawSql: number[] = [];
    for (let i = 0; i <= repeats; i++) {
      const t0 = performance.now();
      await db.query(
        `insert into notifications (recipient_user_id, kind, title, body, link, source_event_id, created_at)
         select u.id, 'announcement', 'Announcement from Golfer', $1, '/messages/announcements', gen_random_uuid(), now()
         from users u
         left join notification_preferences p on p.user_id = u.id and p.kind = 'announcement'
         where not u.deleted and not u.banned and coalesce(p.channel, 'in_app') <> 'off'`,
        [`Course closed for maintenance, raw ${i}`],
      );
      if (i > 0) rawSql.push(performance.now() - t0);
    }
    const service50 = median(viaService);
    const sql50 = median(rawSql);
    const ratio = service50 / sql50;
    return {
      rows: [
        row({
          figure: `announcement → ${people.toLocaleString('en')} notifications stored, median`,
          value: service50,
          unit: 'ms',
          ceiling: sql50,
          ratio,
        }),
      ],
      report() {
        return [
          `Announcement fan-out to ${people.toLocaleString('en')} people (${repeats} sends after a warm-up; messaging and gateway as separate processes over RabbitMQ; load average ${fmt(loadBefore, 1)} before):`,
          `  send call → every notification stored   median ${fmt(service50)} ms   (${viaService.map((t) => fmt(t, 0)).join(' / ')} ms)`,
          `  same INSERT … SELECT on PostgreSQL      median ${fmt(sql50)} ms   (${rawSql.map((t) => fmt(t, 0)).join(' / ')} ms)`,
          `  ratio service/SQL                       ${fmt(ratio, 1)}×`,
        ].join('\n');
      },
    };
  } finally {
    await db.end();
    for (const child of processes.reverse()) await stop(child);
    await database.drop();
    await identity.close();
    await auth.close();
    rmSync(uploads, { recursive: true, force: true });
  }
}
