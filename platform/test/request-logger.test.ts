import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createHttpApp } from '../src';
import { loggerOptions, redactUrl } from '../src/logger';

/** An app whose logger writes JSON lines at `level` into the returned array. */
async function appLoggingAt(level: string) {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  const app = await createHttpApp({ name: 'sample', logger: pino({ level }, stream) });
  app.get('/quiet', async (request) => {
    request.log.info('an info line');
    request.log.debug('a debug line');
    return { ok: true };
  });
  app.get('/warns', async (request) => {
    request.log.warn({ detail: 'x' }, 'a warning');
    return { ok: true };
  });
  return { app, lines };
}

describe('request loggers', () => {
  it('when the level is warn, then info lines are not written and a warning carries the request id', async () => {
    const { app, lines } = await appLoggingAt('warn');
    const quiet = await app.inject({ method: 'GET', url: '/quiet' });
    expect(quiet.statusCode).toBe(200);
    expect(lines).toEqual([]);
    const warns = await app.inject({ method: 'GET', url: '/warns' });
    expect(warns.statusCode).toBe(200);
    const reqId = warns.headers['x-request-id'];
    expect(reqId).toBeTruthy();
    expect(lines).toEqual([expect.objectContaining({ level: 40, msg: 'a warning', detail: 'x', reqId })]);
    await app.close();
  });

  it('when the level is info, then each request logs its lines with its request id', async () => {
    const { app, lines } = await appLoggingAt('info');
    const response = await app.inject({ method: 'GET', url: '/quiet' });
    const reqId = response.headers['x-request-id'];
    const messages = lines.map((line) => [line.msg, line.reqId]);
    expect(messages).toEqual([
      ['incoming request', reqId],
      ['an info line', reqId],
      ['request completed', reqId],
    ]);
    await app.close();
  });
});

describe('secrets in request URLs', () => {
  it.each(['trace', 'info'])(
    'when requests carry link tokens or a calendar feed key, then no line logged at %s shows them',
    async (level) => {
      const lines: string[] = [];
      const logger = pino(loggerOptions('sample', level), {
        write: (line: string) => lines.push(line),
      });
      const app = await createHttpApp({ name: 'sample', logger });
      app.get('/auth/verify-email', async () => ({ ok: true }));
      app.get('/calendar/feed/:key', async (_request, reply) => reply.status(404).send({ error: 'gone' }));
      await app.inject('/auth/verify-email?token=LINKTOKEN123&lang=en');
      await app.inject('/auth/verify-email?code=CODE456');
      await app.inject('/calendar/feed/FEEDKEY789.ics');
      await app.close();
      const logged = lines.join('');
      expect(logged).toContain('incoming request');
      for (const secret of ['LINKTOKEN123', 'CODE456', 'FEEDKEY789']) expect(logged).not.toContain(secret);
      expect(logged).toContain('/auth/verify-email?token=REDACTED&lang=en');
      expect(logged).toContain('/calendar/feed/REDACTED');
    },
  );

  it('when a URL has no secret, then it is logged as it is', () => {
    expect(redactUrl('/api/v1/venues?page=2&state=VIC')).toBe('/api/v1/venues?page=2&state=VIC');
    expect(redactUrl('/api/v1/venues')).toBe('/api/v1/venues');
  });
});
