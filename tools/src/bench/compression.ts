import { existsSync, readFileSync } from 'node:fs';
import { createServer, get } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { freePort } from '../embedded/ports';
import { benchAmqpUrl, fmt } from './infra';
import {
  BENCH_SERVICE_TOKEN,
  cpuMs,
  keysAndVersions,
  type LoadResult,
  load,
  loadLine,
  root,
  startGateway,
  stop,
} from './processes';
import { atMost, row, type SummaryRow } from './summary';

const webDist = join(root, 'web/dist');
const BROWSER_ENCODINGS = 'gzip, deflate, br, zstd';

/** A page of venues as the directory lists them, `count` long. */
function venuePage(count: number): string {
  const items = Array.from({ length: count }, (_, i) => ({
    id: i + 1,
    slug: `royal-links-golf-club-${i + 1}`,
    name: `Royal Links Golf Club ${i + 1}`,
    suburb: ['Carnoustie', 'St Andrews', 'Barwon Heads', 'Cape Schanck'][i % 4],
    state: ['VIC', 'NSW', 'QLD', 'WA', 'SA', 'TAS'][i % 6],
    postcode: String(3000 + (i % 900)),
    holes: i % 3 === 0 ? 9 : 18,
    par: 70 + (i % 3),
    latitude: -37.8 + i / 1000,
    longitude: 144.9 + i / 1000,
    image_url: `/uploads/venues/images/${(i * 7919).toString(16).padStart(8, '0')}.webp`,
    description: 'A championship links course with coastal views, a driving range and a pro shop.',
    verified: i % 5 !== 0,
    created_at: new Date(Date.UTC(2025, 0, 1 + (i % 300))).toISOString(),
  }));
  return JSON.stringify({ items, total: 92_000, page: 1, limit: count });
}

/** Bytes of the body of a GET as sent (not decoded), with its coding. */
function onTheWire(url: string, acceptEncoding?: string): Promise<{ bytes: number; coding: string }> {
  return new Promise((resolve, reject) => {
    get(url, { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
      });
      res.on('end', () => resolve({ bytes, coding: String(res.headers['content-encoding'] ?? 'identity') }));
      res.on('error', reject);
    }).on('error', reject);
  });
}

/** What index.html makes the browser fetch before the page runs: its scripts, preloads and stylesheets. */
function firstScreenFiles(): string[] {
  const html = readFileSync(join(webDist, 'index.html'), 'utf8');
  return [
    ...html.matchAll(
      /<(?:script type="module"[^>]*src|link rel="(?:modulepreload|stylesheet)"[^>]*href)="(\/[^"]+)"/g,
    ),
  ].map((match) => match[1]!);
}

const kB = (bytes: number) => `${fmt(bytes / 1000)} kB`;

/**
 * Item 1 of issue 24: the home page's first JavaScript and CSS on the wire raw and with br, and
 * what compressing a large API JSON list costs the gateway's CPU. The gateway runs as its own
 * process (bus on RabbitMQ, identity's part answered by the bench); the list comes from a stand-in
 * service answering the same JSON to every call, so only the gateway's work differs between runs.
 */
export async function measureCompression(options: { connections?: number; seconds?: number } = {}) {
  const connections = options.connections ?? 16;
  const seconds = options.seconds ?? 5;
  // 50 a page is what the directory sends; 500 and 2,000 show how the cost grows with the body.
  const pages = {
    'venue list, 50 a page': venuePage(50),
    'venue list, 500 a page': venuePage(500),
    'venue list, 2,000 a page': venuePage(2000),
  };
  const lists = Object.fromEntries(Object.entries(pages).map(([name, json]) => [name, Buffer.from(json)]));
  const service = createServer((req, res) => {
    const name = decodeURIComponent((req.url ?? '').split('?page=')[1] ?? '');
    const body = lists[name];
    if (!body) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
    res.end(body);
  });
  await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
  const serviceUrl = `http://127.0.0.1:${(service.address() as AddressInfo).port}`;
  const identity = await keysAndVersions({ keys: [] });
  const gatewayPort = await freePort();
  const gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
  let gateway: Awaited<ReturnType<typeof startGateway>> | undefined;
  try {
    gateway = await startGateway(
      {
        LOG_LEVEL: 'warn',
        AMQP_URL: benchAmqpUrl(),
        JWKS_URL: `${identity.url}/.well-known/jwks.json`,
        SERVICE_TOKEN: BENCH_SERVICE_TOKEN,
      },
      gatewayPort,
      identity.url,
      { VENUES_URL: serviceUrl, WEB_DIST: webDist },
    );
    const lines: string[] = [];
    const rows: SummaryRow[] = [];

    // The first screen, as a browser that accepts br gets it and as one that accepts nothing.
    if (existsSync(join(webDist, 'index.html'))) {
      const files = firstScreenFiles();
      let raw = 0;
      let br = 0;
      let gzip = 0;
      let notBr = 0;
      for (const file of files) {
        raw += (await onTheWire(`${gatewayUrl}${file}`)).bytes;
        const compressed = await onTheWire(`${gatewayUrl}${file}`, BROWSER_ENCODINGS);
        br += compressed.bytes;
        if (compressed.coding !== 'br') notBr++;
        gzip += (await onTheWire(`${gatewayUrl}${file}`, 'gzip')).bytes;
      }
      const page = await onTheWire(`${gatewayUrl}/`, BROWSER_ENCODINGS);
      const rawPage = await onTheWire(`${gatewayUrl}/`);
      lines.push(
        `Home page first screen (${files.length} files of JS + CSS index.html loads, through the gateway):`,
        `  raw ${kB(raw)}   gzip ${kB(gzip)}   br ${kB(br)}   (br is ${fmt((100 * br) / raw)} % of raw; ${notBr} file(s) not sent as br)   target ≤ 190 kB (e2e budget)`,
        `  index.html raw ${kB(rawPage.bytes)}, ${page.coding} ${kB(page.bytes)}`,
      );
      rows.push(
        row({
          figure: 'home page first JS + CSS with br (ceiling: raw)',
          value: br / 1000,
          unit: 'kB',
          ceiling: raw / 1000,
          ratio: br / raw,
          target: '≤ 190 kB',
          meets: atMost(190),
        }),
      );
    } else {
      lines.push('Home page first screen: no web build (npm run build -w web), not measured');
    }

    // A large JSON list through the gateway: identity (no compression) vs br vs gzip.
    lines.push(
      `API JSON through the gateway (autocannon, ${connections} connections, ${seconds} s each; gateway CPU from /proc):`,
    );
    for (const name of Object.keys(pages)) {
      const url = `${gatewayUrl}/api/v1/venues?page=${encodeURIComponent(name)}`;
      const sizes = {
        identity: await onTheWire(url),
        br: await onTheWire(url, BROWSER_ENCODINGS),
        gzip: await onTheWire(url, 'gzip'),
      };
      const direct = await load(
        `${serviceUrl}/venues?page=${encodeURIComponent(name)}`,
        connections,
        seconds,
      );
      const runs: Array<{ coding: string; result: LoadResult; cpu: number }> = [];
      for (const [coding, acceptEncoding] of [
        ['identity', 'identity'],
        ['br', BROWSER_ENCODINGS],
        ['gzip', 'gzip'],
      ] as const) {
        const headers = [`accept-encoding=${acceptEncoding}`];
        await load(url, connections, 1, headers);
        const before = cpuMs(gateway.pid);
        const result = await load(url, connections, seconds, headers);
        runs.push({ coding, result, cpu: (cpuMs(gateway.pid) - before) / result.requests });
      }
      const plain = runs[0]!;
      lines.push(
        `  ${name}: ${kB(sizes.identity.bytes)} raw, br ${kB(sizes.br.bytes)} (${sizes.br.coding}), gzip ${kB(sizes.gzip.bytes)} (${sizes.gzip.coding})`,
        loadLine('    stand-in service direct', direct),
      );
      const brotli = runs.find((r) => r.coding === 'br')!;
      rows.push(
        row({
          figure: `${name} with br (ceiling: raw)`,
          value: sizes.br.bytes / 1000,
          unit: 'kB',
          ceiling: sizes.identity.bytes / 1000,
          ratio: sizes.br.bytes / sizes.identity.bytes,
        }),
        row({
          figure: `${name}, gateway CPU per request, br (ceiling: uncompressed)`,
          value: brotli.cpu,
          unit: 'ms',
          ceiling: plain.cpu,
          ratio: brotli.cpu / Math.max(plain.cpu, 1e-9),
        }),
      );
      for (const { coding, result, cpu } of runs) {
        const extra = coding === 'identity' ? '' : `, +${fmt(cpu - plain.cpu, 3)} ms for compressing`;
        lines.push(
          `${loadLine(`    via gateway, ${coding}`, result)}   gateway CPU ${fmt(cpu, 3)} ms/request${extra}`,
        );
      }
    }
    return { rows, report: () => `Compression (issue 24 item 1) — measured as run:\n${lines.join('\n')}` };
  } finally {
    if (gateway) await stop(gateway);
    await identity.close();
    service.closeAllConnections();
    await new Promise((resolve) => service.close(resolve));
  }
}
