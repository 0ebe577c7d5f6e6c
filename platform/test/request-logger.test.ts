import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createHttpApp } from '../src';

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
