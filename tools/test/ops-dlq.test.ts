import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createEvent, type DeadLetteredMessage, RabbitMqEventBus } from '@linksmate/platform';
import { deleteBusTopology, eventually, silentLogger, testAmqpUrl } from '@linksmate/platform/testing';
import { EmailRequested, eventRegistry } from '@linksmate/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSUMER_GROUPS } from '../src/ops/dlq';
import { ops } from './fixtures/ops';

const GROUP = 'messaging.email-delivery';

/** A real subscriber on the test broker whose handler fails until it is fixed. */
describe('ops dlq: dead letters of a real subscriber, listed, replayed and dropped', () => {
  const queuePrefix = `lmtest.ops${Date.now().toString(36)}.`;
  const bus = new RabbitMqEventBus({
    url: testAmqpUrl(),
    registry: eventRegistry,
    logger: silentLogger(),
    exchange: `${queuePrefix}events`,
    queuePrefix,
    retry: { maxAttempts: 2, delaysMs: [20] },
    connectionName: 'ops-dlq-test',
  });
  const env = { AMQP_URL: testAmqpUrl() };
  const run = (...args: string[]) => ops(args, env, { queuePrefix });
  let fixed = false;
  const handled: string[] = [];
  const mail = (to: string) =>
    createEvent(EmailRequested, { to, template: 'verify-email', variables: {}, user_id: 1 }, 'identity');
  const first = mail('first@example.com');
  const second = mail('second@example.com');

  const listed = async () => {
    const result = await run('dlq', 'list', '--queue', GROUP, '--json');
    expect(result.code, result.stderr).toBe(0);
    return result.json<Array<{ queue: string; depth: number; messages: DeadLetteredMessage[] }>>();
  };

  beforeAll(async () => {
    await bus.start();
    await bus.waitUntilConnected();
    await bus.subscribe({
      group: GROUP,
      patterns: [EmailRequested.type],
      handler: async (event) => {
        if (!fixed) throw new Error('SMTP refused: 451 mailbox unavailable');
        handled.push(event.id);
      },
    });
    await bus.publish([first]);
    // One after the other, so the dead-letter queue's order is known.
    await eventually(async () => expect((await listed())[0]?.depth).toBe(1), 15_000);
    await bus.publish([second]);
    await eventually(async () => expect((await listed())[0]?.depth).toBe(2), 15_000);
  });

  afterAll(async () => {
    await bus.close();
    await deleteBusTopology(testAmqpUrl(), [bus]);
  });

  it('when events exhausted their attempts, then list shows each with its id, type, queue, reason, deaths and first death, and leaves them in their order', async () => {
    const [queue] = await listed();
    expect(queue?.queue).toBe(`${queuePrefix}${GROUP}.dead`);
    expect(queue?.messages.map((m) => m.eventId)).toEqual([first.id, second.id]);
    expect(queue?.messages[0]).toMatchObject({
      type: EmailRequested.type,
      consumerQueue: `${queuePrefix}${GROUP}`,
      reason: 'exhausted',
      deaths: 1,
      error: 'SMTP refused: 451 mailbox unavailable',
    });
    expect(Date.parse(queue?.messages[0]?.firstDeadAt ?? '')).toBeGreaterThan(Date.now() - 60_000);
    // Listed again: nothing taken, nothing reordered.
    expect((await listed())[0]?.messages.map((m) => m.eventId)).toEqual([first.id, second.id]);
    // Every consumer group's queue is looked at when none is named; the person reads a table.
    const text = await run('dlq', 'list');
    expect(text.code).toBe(0);
    expect(text.stdout).toContain(`${queuePrefix}${GROUP}.dead: 2 messages`);
    expect(text.stdout).toContain(first.id);
  });

  it('when one is replayed after the handler is fixed, then the consumer handles it once and the other stays dead', async () => {
    fixed = true;
    const replayed = await run('dlq', 'replay', first.id, '--json');
    expect(replayed.code, replayed.stderr).toBe(0);
    expect(replayed.json<{ replayed: DeadLetteredMessage[] }>().replayed.map((m) => m.eventId)).toEqual([
      first.id,
    ]);
    await eventually(() => expect(handled).toEqual([first.id]), 15_000);
    expect((await listed())[0]?.messages.map((m) => m.eventId)).toEqual([second.id]);
    // No second copy arrives later.
    await bus.publish([mail('marker@example.com')]);
    await eventually(() => expect(handled).toHaveLength(2), 15_000);
    expect(handled.filter((id) => id === first.id)).toHaveLength(1);
  });

  it('when one is dropped, then it is gone and never handled; an id no queue holds is said so with exit code 1', async () => {
    const dropped = await run('dlq', 'drop', second.id, '--queue', GROUP);
    expect(dropped.code, dropped.stderr).toBe(0);
    expect(dropped.stdout).toContain('Dropped 1');
    expect(await listed()).toEqual([]);
    expect(handled).not.toContain(second.id);
    const again = await run('dlq', 'drop', second.id, '--queue', GROUP);
    expect(again.code).toBe(1);
    expect(again.stdout).toContain(`No dead letter has event id ${second.id}`);
  });

  it('when AMQP_URL is missing, or the verb lacks its id, then one clear message and exit code 2', async () => {
    const missing = await ops(['dlq', 'list'], {});
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/AMQP_URL is not set.*embedded run.*has no broker/s);
    const noId = await run('dlq', 'replay');
    expect(noId.code).toBe(2);
    expect(noId.stderr).toContain('give one event id, or --all');
  });
});

describe('ops dlq: the consumer groups it knows', () => {
  it("when the services' sources are read, then every consumer group they register is one dlq looks at", () => {
    const services = fileURLToPath(new URL('../../services/', import.meta.url));
    const registered: string[] = [];
    const walk = (dir: string, service: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) walk(path, service);
        else if (entry.name.endsWith('.ts'))
          for (const match of readFileSync(path, 'utf8').matchAll(/runtime\.consume\(\s*'([^']+)'/g))
            registered.push(`${service}.${match[1]}`);
      }
    };
    for (const service of readdirSync(services)) walk(join(services, service, 'src'), service);
    expect(registered.length).toBeGreaterThan(10);
    expect([...CONSUMER_GROUPS].sort()).toEqual(registered.sort());
  });
});
