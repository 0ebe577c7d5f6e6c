import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cloneIntoPrivateFolder, type PrivateClone } from '../src/clone';
import { type RunningMakeRun, startMakeRun, waitForStatus } from '../src/stack';

/** prom-client's default gauges whose names end in _total (promtool's rule is for counters only). */
const PROM_CLIENT_DEFAULT_GAUGES = [
  'nodejs_active_handles_total',
  'nodejs_active_requests_total',
  'nodejs_active_resources_total',
];
const SERVICES = [
  'identity',
  'membership-payments',
  'events-bookings',
  'venues-coaches',
  'messaging',
  'admin',
];

describe('make run', () => {
  let stack: RunningMakeRun;
  /** A demo person's token, as the console's logins give it. */
  const demoToken = async (email: string) => {
    const login = await fetch(`${stack.url}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'Fairway!2026' }),
    });
    expect(login.status, email).toBe(200);
    return ((await login.json()) as { token: string }).token;
  };

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

  it('when the metrics address the console printed is scraped, then every service and the gateway report requests, pools and outboxes, and promtool finds the format sound', async () => {
    const metricsUrl = /Metrics of every service and the gateway \(Prometheus format\): (\S+)/.exec(
      stack.output(),
    )?.[1];
    expect(metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
    expect((await fetch(`${stack.url}/api/v1/venues?limit=1`)).status).toBe(200);
    const text = await (await fetch(metricsUrl!)).text();
    for (const service of SERVICES) {
      expect(text, service).toMatch(
        new RegExp(`^outbox_backlog_events\\{service="${service}"\\} \\d+$`, 'm'),
      );
      expect(text, service).toContain(`db_pool_connections{service="${service}",state="in_use"}`);
      expect(text, service).toContain(`http_server_request_duration_seconds_count{service="${service}",`);
    }
    expect(text).toMatch(
      /^http_server_request_duration_seconds_count\{service="venues-coaches",route="\/venues",method="GET",status_code="200"\} [1-9]/m,
    );
    // The gateway's one catch-all is told apart by the route table's prefix it forwarded to.
    expect(text).toMatch(
      /^http_server_request_duration_seconds_count\{service="gateway",route="\/api\/v1\/venues",method="GET",status_code="200"\} [1-9]/m,
    );
    expect(text).toMatch(/^socketio_connected_sockets \d+$/m);
    // The demo's seeding was handled by consumers and jobs ran at start.
    expect(text).toMatch(/^events_consumed_total\{.*outcome="handled"\} [1-9]/m);
    expect(text).toMatch(/^jobs_runs_total\{.*outcome="ran"\} [1-9]/m);
    // Debian's promtool lints the names and format; prom-client's own defaults break one of its rules.
    const lint = spawnSync('promtool', ['check', 'metrics'], { input: text, encoding: 'utf8' });
    expect(lint.error).toBeUndefined();
    const problems = `${lint.stdout}${lint.stderr}`
      .split('\n')
      .filter(
        (line) => line.trim() && !PROM_CLIENT_DEFAULT_GAUGES.some((name) => line.startsWith(`${name} `)),
      );
    expect(problems).toEqual([]);
  });

  it('when the live figures the console names are read, then each service and the gateway has its row', async () => {
    expect(stack.output()).toContain(`and the live figures a person reads: ${stack.url}/dev/metrics`);
    const answer = await fetch(`${stack.url}/api/v1/dev/metrics`);
    expect(answer.status).toBe(200);
    const figures = (await answer.json()) as {
      services: Array<{ service: string; outbox_backlog: number | null }>;
    };
    expect(figures.services.map((row) => row.service).sort()).toEqual(['gateway', ...SERVICES].sort());
    for (const row of figures.services.filter((r) => r.service !== 'gateway'))
      expect(row.outbox_backlog, row.service).not.toBeNull();
  });

  it('when a newcomer uses a demo login the console printed, then it works at once', async () => {
    expect(stack.output()).toContain('admin@linksmate.dev');
    expect(stack.output()).toContain('Fairway!2026');
    for (const [email, role] of [
      ['admin@linksmate.dev', 'admin'],
      ['coach@linksmate.dev', 'coach'],
      ['olivia@linksmate.dev', 'member'],
    ] as const) {
      const token = await demoToken(email);
      const profile = await fetch(`${stack.url}/api/v1/profile`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(((await profile.json()) as { user: { role: string } }).user.role, email).toBe(role);
    }
  });

  it('when olivia logs in, then her demo annual membership lets her find players; mia meets the gate', async () => {
    const claims = (token: string) =>
      JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { membership_status: string };
    const olivia = await demoToken('olivia@linksmate.dev');
    expect(claims(olivia).membership_status).toBe('active');
    const players = await fetch(`${stack.url}/api/v1/discovery/members?limit=10`, {
      headers: { authorization: `Bearer ${olivia}` },
    });
    expect(players.status).toBe(200);
    const found = (await players.json()) as { users: unknown[]; total_count: number };
    // Enough demo golfers for more than one page of discovery.
    expect(found.users).toHaveLength(10);
    expect(found.total_count).toBeGreaterThan(20);
    const mia = await demoToken('mia@linksmate.dev');
    const refused = await fetch(`${stack.url}/api/v1/discovery/members`, {
      headers: { authorization: `Bearer ${mia}` },
    });
    expect(refused.status).toBe(402);
  });

  it('when / is opened, then the web app is served', async () => {
    const response = await fetch(`${stack.url}/`);
    expect(response.status).toBe(200);
    const html = await response.text();
    // The home page comes painted with its first screen (web/build/first-screens.ts); a page
    // without one gets the bare index.html for the app to fill.
    expect(html).toMatch(/<div id="root"><[^/]/);
    expect(html).toContain('<main');
    const other = await fetch(`${stack.url}/players`);
    expect(other.status).toBe(200);
    expect(await other.text()).toContain('<div id="root"></div>');
    expect(html).toMatch(/<script type="module" crossorigin src="\/assets\/index-[\w-]+\.js"><\/script>/);
    const script = /src="(\/assets\/index-[\w-]+\.js)"/.exec(html)![1]!;
    const asset = await fetch(`${stack.url}${script}`);
    expect(asset.status).toBe(200);
    // Read to the end, as a browser does: an unread body holds its connection open, and the gateway's
    // close would wait on it past the stop test's 30 s.
    expect((await asset.arrayBuffer()).byteLength).toBeGreaterThan(0);
  });

  it('when a member uploads a picture and saves it on the profile, then the gateway serves it at its URL', async () => {
    const authorization = `Bearer ${await demoToken('olivia@linksmate.dev')}`;
    // The smallest real PNG: one transparent pixel.
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
      'base64',
    );
    const form = new FormData();
    form.append('image', new Blob([png], { type: 'image/png' }), 'me.png');
    const upload = await fetch(`${stack.url}/api/v1/upload/profile-image`, {
      method: 'POST',
      headers: { authorization },
      body: form,
    });
    expect(upload.status).toBe(200);
    const { url, thumbnail_url } = (await upload.json()) as { url: string; thumbnail_url: string };
    const saved = await fetch(`${stack.url}/api/v1/profile`, {
      method: 'PUT',
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify({ profile_image_url: url }),
    });
    expect(saved.status).toBe(200);
    expect(((await saved.json()) as { user: { profile_image_url: string } }).user.profile_image_url).toBe(
      url,
    );
    for (const path of [url, thumbnail_url]) {
      const picture = await fetch(`${stack.url}${path}`);
      expect(picture.status, path).toBe(200);
      expect(picture.headers.get('content-type'), path).toBe('image/webp');
      expect(picture.headers.get('cache-control'), path).toContain('immutable');
      expect((await picture.arrayBuffer()).byteLength, path).toBeGreaterThan(0);
    }
  });

  it('when the venue directory is opened, then it lists the demo venues of all eight states and territories, with their coaches', async () => {
    const response = await fetch(`${stack.url}/api/v1/venues?limit=100`);
    expect(response.status).toBe(200);
    const { venues, count } = (await response.json()) as {
      venues: Array<{ state: string | null; featured_image_url: string | null }>;
      count: number;
    };
    expect(count).toBeGreaterThanOrEqual(60);
    expect(new Set(venues.map((v) => v.state))).toEqual(
      new Set(['NSW', 'VIC', 'QLD', 'SA', 'WA', 'TAS', 'ACT', 'NT']),
    );
    // Some cards show a picture, the others their initials.
    expect(venues.some((v) => v.featured_image_url)).toBe(true);
    expect(venues.some((v) => !v.featured_image_url)).toBe(true);
    const coaches = await fetch(`${stack.url}/api/v1/coaches?limit=100`);
    expect(((await coaches.json()) as { total: number }).total).toBeGreaterThanOrEqual(12);
  });

  it("when a demo venue's gallery is opened, then its video's thumbnail and the video itself are served", async () => {
    const response = await fetch(`${stack.url}/api/v1/venues/slug/royal-melbourne-golf-club`);
    expect(response.status).toBe(200);
    const { venue } = (await response.json()) as {
      venue: { gallery: Array<{ url: string; media_type: string; thumbnail_url: string | null }> };
    };
    const video = venue.gallery.find((m) => m.media_type === 'video');
    expect(video?.thumbnail_url).toMatch(/\/thumbnails\/[^/]+\.jpg$/);
    for (const [path, type] of [
      [video!.thumbnail_url!, 'image/jpeg'],
      [video!.url, 'video/mp4'],
    ] as const) {
      const file = await fetch(`${stack.url}${path}`);
      expect(file.status, path).toBe(200);
      expect(file.headers.get('content-type'), path).toBe(type);
      expect((await file.arrayBuffer()).byteLength, path).toBeGreaterThan(0);
    }
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

describe('make run from a clone inside a folder only its owner may enter', () => {
  let clone: PrivateClone;
  let stack: RunningMakeRun;

  beforeAll(async () => {
    clone = cloneIntoPrivateFolder();
    stack = await startMakeRun({ repo: clone.repo });
  });

  afterAll(async () => {
    await stack?.stop();
    clone?.remove();
  });

  it('when started with DATA_DIR unset, then /api/v1/health answers 200 and the data is where the console says', async () => {
    await waitForStatus(`${stack.url}/api/v1/health`, 200);
    if (userInfo().uid === 0) {
      // PostgreSQL runs as the user postgres, which cannot enter the clone: its data lives elsewhere, said so.
      expect(stack.postgresDir).toMatch(/^\/var\/lib\/linksmate\/[0-9a-f]+\/postgres$/);
      expect(stack.output()).toContain(`PostgreSQL keeps its data in ${stack.postgresDir}`);
    } else {
      expect(stack.postgresDir).toBe(join(clone.repo, '.data', 'postgres'));
    }
    expect(existsSync(join(stack.postgresDir, 'PG_VERSION'))).toBe(true);
  });

  it('when stopped with Ctrl+C, then every process, PostgreSQL included, ends without force', async () => {
    const running = stack;
    stack = undefined as unknown as RunningMakeRun;
    expect(await running.stop()).toEqual({ graceful: true });
    expect(running.output()).not.toMatch(/drain failed|close failed|terminat/i);
  });
});

describe('make run with a DATA_DIR PostgreSQL cannot enter', () => {
  it('when started, then it stops with one line naming the folder, not a stack trace', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'linksmate-closed-'));
    // Closed to everyone but root: neither the user postgres (as root) nor PostgreSQL's own user may enter.
    chmodSync(dataDir, 0o000);
    try {
      const failure = await startMakeRun({ extraEnv: { DATA_DIR: dataDir } }).then(
        () => new Error('make run started'),
        (err: Error) => err,
      );
      expect(failure.message).toMatch(/^make run exited with 2:/);
      expect(failure.message).toContain(dataDir);
      expect(failure.message).not.toMatch(/^\s+at /m);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
