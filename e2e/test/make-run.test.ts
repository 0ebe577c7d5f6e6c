import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningMakeRun, startMakeRun, waitForStatus } from '../src/stack';

describe('make run', () => {
  let stack: RunningMakeRun;

  beforeAll(async () => {
    stack = await startMakeRun();
  });

  afterAll(async () => {
    await stack?.stop();
  });

  it('when started from a clean data folder, then /api/v1/health reports all six services ready', async () => {
    const response = await waitForStatus(`${stack.url}/api/v1/health`, 200);
    expect(await response.json()).toEqual({
      status: 'ok',
      services: {
        identity: 'ready',
        'membership-payments': 'ready',
        'events-bookings': 'ready',
        'venues-coaches': 'ready',
        messaging: 'ready',
        admin: 'ready',
      },
    });
  });

  it('when a newcomer uses a demo login the console printed, then it works at once', async () => {
    expect(stack.output()).toContain('admin@linksmate.dev');
    expect(stack.output()).toContain('Fairway!2026');
    for (const [email, role] of [
      ['admin@linksmate.dev', 'admin'],
      ['coach@linksmate.dev', 'coach'],
      ['olivia@linksmate.dev', 'member'],
    ]) {
      const login = await fetch(`${stack.url}/api/v1/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: 'Fairway!2026' }),
      });
      expect(login.status, email).toBe(200);
      const { token } = (await login.json()) as { token: string };
      const profile = await fetch(`${stack.url}/api/v1/profile`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(((await profile.json()) as { user: { role: string } }).user.role, email).toBe(role);
    }
  });

  it('when / is opened, then the web app is served', async () => {
    const response = await fetch(`${stack.url}/`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<div id="root"></div>');
    expect(html).toMatch(/<script type="module" crossorigin src="\/assets\/index-[\w-]+\.js"><\/script>/);
    const script = /src="(\/assets\/index-[\w-]+\.js)"/.exec(html)![1]!;
    expect((await fetch(`${stack.url}${script}`)).status).toBe(200);
  });

  it('when an unknown API path is asked for, then a JSON 404 comes back, not the app', async () => {
    const response = await fetch(`${stack.url}/api/v1/no-such-thing`);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toContain('application/json');
  });

  it('when stopped with Ctrl+C, then every process, PostgreSQL included, ends without force', async () => {
    const running = stack;
    stack = undefined as unknown as RunningMakeRun;
    expect(await running.stop()).toEqual({ graceful: true });
    expect(running.output()).toContain('Stopping LinksMate');
    // The services drained against a database still up: nothing was cut short on the way out.
    expect(running.output()).not.toMatch(/drain failed|close failed|terminat/i);
    await expect(fetch(`${running.url}/api/v1/health`)).rejects.toThrow();
  });
});
