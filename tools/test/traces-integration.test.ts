import { randomBytes } from 'node:crypto';
import * as identity from '@linksmate/identity';
import * as messaging from '@linksmate/messaging';
import {
  flushTracing,
  RabbitMqEventBus,
  startTracing,
  stopTracing,
  tracingEnabled,
} from '@linksmate/platform';
import { capturingLogger, deleteBusTopology, eventually, testAmqpUrl } from '@linksmate/platform/testing';
import { eventRegistry } from '@linksmate/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MailCatcher } from '../src/mail-catcher';
import { OtlpReceiver } from './fixtures/otlp-receiver';
import { RabbitServices } from './fixtures/rabbit-services';

describe('traces over RabbitMQ: request → identity → outbox → RabbitMQ → messaging', () => {
  const services = new RabbitServices();
  const smtp = new MailCatcher();
  const receiver = new OtlpReceiver();
  const consumer = capturingLogger('messaging');
  let messagingBus: RabbitMqEventBus;
  let identityUrl: string;

  beforeAll(async () => {
    await smtp.start();
    const endpoint = await receiver.start();
    const on = await startTracing({
      serviceName: 'traces-test',
      env: { OTEL_EXPORTER_OTLP_ENDPOINT: endpoint, OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json' },
    });
    expect(on).toBe(true);
    const identityApp = await services.start('identity', identity.migrationsFolder, (env, bus) =>
      identity.buildApp(identity.loadIdentityConfig(env), { bus }),
    );
    identityUrl = await identityApp.listen({ port: 0, host: '127.0.0.1' });
    // messaging's bus logs through the capturing logger, as a service's own bus does through its.
    messagingBus = new RabbitMqEventBus({
      url: testAmqpUrl(),
      registry: eventRegistry,
      logger: consumer.logger.child({ component: 'event-bus' }),
      exchange: services.exchange,
      queuePrefix: services.queuePrefix,
      connectionName: 'messaging-traced',
    });
    await messagingBus.start();
    await messagingBus.waitUntilConnected();
    await services.start(
      'messaging',
      messaging.migrationsFolder,
      (env) =>
        messaging.buildApp(messaging.loadMessagingConfig(env), {
          bus: messagingBus,
          logger: consumer.logger,
        }),
      { SMTP_URL: smtp.smtpUrl, PUBLIC_URL: 'http://linksmate.test' },
      { bus: messagingBus },
    );
  });

  afterAll(async () => {
    await services.close();
    await messagingBus?.close();
    await deleteBusTopology(testAmqpUrl(), [messagingBus]);
    await stopTracing();
    await receiver.stop();
    await smtp.stop();
  });

  it("when a request comes with a traceparent, then the consumer's log line in another service carries its trace id and the request's correlation id, and the consumer's span is in that trace", async () => {
    expect(tracingEnabled()).toBe(true);
    const traceId = randomBytes(16).toString('hex');
    const callerSpanId = randomBytes(8).toString('hex');
    const response = await fetch(`${identityUrl}/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', traceparent: `00-${traceId}-${callerSpanId}-01` },
      body: JSON.stringify({ username: 'traced', email: 'traced@example.com', password: 'Str0ng!pass' }),
    });
    expect(response.status).toBe(201);
    const requestId = response.headers.get('x-request-id');

    // Messaging sends the verification mail on identity's event, and says so at debug.
    const handled = await eventually(() => {
      const line = consumer.lines.find(
        (l) => l.msg === 'event bus: event handled' && l.type === 'notifications.email.requested',
      );
      expect(line).toBeDefined();
      return line!;
    }, 20_000);
    expect(handled.trace_id).toBe(traceId);
    expect(handled.span_id).toMatch(/^[0-9a-f]{16}$/);
    expect(handled.correlationId).toBe(requestId);
    await smtp.waitFor((m) => m.to.includes('traced@example.com'), 20_000);

    // The spans tell the same path: identity's server span under the caller's, the relay's publish
    // span under the request's trace, and messaging's process span under the publish span.
    const spans = await eventually(async () => {
      await flushTracing();
      const [server] = receiver.named('POST /auth/register', traceId);
      const [published] = receiver.named('publish notifications.email.requested', traceId);
      const [processed] = receiver.named('process notifications.email.requested', traceId);
      expect(server && published && processed).toBeTruthy();
      return { server: server!, published: published!, processed: processed! };
    }, 10_000);
    expect(spans.server.parentSpanId).toBe(callerSpanId);
    expect(spans.processed.parentSpanId).toBe(spans.published.spanId);
    expect(handled.span_id).toBe(spans.processed.spanId);
    // The outbox row was written inside the request: a statement of its under the server span.
    const inserts = receiver.spans.filter((s) => s.traceId === traceId && s.name.startsWith('INSERT'));
    expect(inserts.length).toBeGreaterThan(0);
  });
});
