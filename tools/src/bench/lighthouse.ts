import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse, { desktopConfig, type Flags } from 'lighthouse';
import puppeteer, { type Browser } from 'puppeteer-core';
import { DEMO_PASSWORD } from '../embedded/seed';
import { fmt } from './infra';
import { startMakeRun } from './make-run';
import { root } from './processes';
import { atLeast, atMost, row, type SummaryRow } from './summary';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** A demo member (spec 1): /players is for people who are logged in. */
const MEMBER = 'olivia@linksmate.dev';
/** One Lighthouse run on a loaded 2-core machine takes ~20 s; a page that takes this long is a failure, not a figure. */
const RUN_TIMEOUT_MS = 120_000;
/**
 * One Lighthouse run's score moves by several points from run to run; as Lighthouse's own guidance
 * advises, each page is run several times and the run with the median performance score is shown.
 */
const RUNS_PER_PAGE = 3;

interface Row {
  page: string;
  form: 'mobile' | 'desktop';
  performance?: number;
  accessibility?: number;
  bestPractices?: number;
  lcpMs?: number;
  tbtMs?: number;
  cls?: number;
  note?: string;
}

/** The first event of the catalogue, for "an event page". */
async function firstEventPath(url: string): Promise<string | undefined> {
  const response = await fetch(`${url}/api/v1/events?limit=1`);
  const body = (await response.json()) as { events?: { id: string | number }[] };
  const id = body.events?.[0]?.id;
  return id === undefined ? undefined : `/events/${id}`;
}

/** Logs the demo member in through the login form, so the session is in this browser's storage. */
async function logIn(browser: Browser, url: string): Promise<void> {
  const page = await browser.newPage();
  await page.goto(`${url}/login`, { waitUntil: 'networkidle0' });
  await page.locator('input[type="email"], input[name="email"]').fill(MEMBER);
  await page.locator('input[type="password"]').fill(DEMO_PASSWORD);
  await Promise.all([
    page.waitForFunction("!location.pathname.startsWith('/login')", { timeout: 30_000 }),
    page.locator('button[type="submit"]').click(),
  ]);
  await page.close();
}

async function audit(port: number, url: string, form: 'mobile' | 'desktop', keepSession: boolean) {
  const flags: Flags = {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices'],
    // The member's session lives in localStorage; Lighthouse would otherwise clear it before loading.
    disableStorageReset: keepSession,
  };
  const run = lighthouse(url, flags, form === 'desktop' ? desktopConfig : undefined);
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`Lighthouse on ${url} took over ${RUN_TIMEOUT_MS / 1000} s`)),
      RUN_TIMEOUT_MS,
    );
  });
  try {
    const result = await Promise.race([run, timeout]);
    if (!result) throw new Error('Lighthouse returned nothing');
    keepReport(url, form, result.lhr);
    const { categories, audits } = result.lhr;
    const score = (id: string) => {
      const value = categories[id]?.score;
      return value === null || value === undefined ? undefined : Math.round(value * 100);
    };
    if (new URL(result.lhr.finalDisplayedUrl).pathname !== new URL(url).pathname)
      throw new Error(`ended on ${result.lhr.finalDisplayedUrl}, not the page asked for`);
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      lcpMs: audits['largest-contentful-paint']?.numericValue,
      tbtMs: audits['total-blocking-time']?.numericValue,
      cls: audits['cumulative-layout-shift']?.numericValue,
      note:
        result.lhr.runtimeError?.message ??
        (form === 'desktop' ? shiftedNodes(audits['layout-shifts']) : undefined),
    };
  } finally {
    clearTimeout(timer);
  }
}

/** The run whose performance score is the median (a run Lighthouse could not score counts as lowest). */
function medianRun<Run extends { performance?: number }>(runs: Run[]): Run {
  const sorted = [...runs].sort((a, b) => (a.performance ?? -1) - (b.performance ?? -1));
  return sorted[Math.floor(sorted.length / 2)]!;
}

let reportsKept = 0;

/** With LIGHTHOUSE_REPORT_DIR set, each run's whole report is kept there, to see where a score goes. */
function keepReport(url: string, form: 'mobile' | 'desktop', report: unknown): void {
  const dir = process.env.LIGHTHOUSE_REPORT_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  const page = new URL(url).pathname.replace(/\W+/g, '_') || '_';
  writeFileSync(join(dir, `${form}${page}-${++reportsKept}.json`), JSON.stringify(report));
}

/** What moved, for a CLS worth explaining: the largest shifts' elements and their scores. */
function shiftedNodes(shifts: { details?: unknown } | undefined): string | undefined {
  const items = (
    shifts?.details as { items?: { score?: number; node?: { nodeLabel?: string; selector?: string } }[] }
  )?.items;
  if (!items?.length) return undefined;
  return `shifts: ${items
    .slice(0, 3)
    .map(
      (item) =>
        `${(item.node?.selector ?? item.node?.nodeLabel ?? '?').slice(-40)} ${fmt(item.score ?? 0, 3)}`,
    )
    .join('; ')}`;
}

/** The summary's rows: each page's performance and LCP (CLS for desktop), the lowest accessibility and best practices. */
function summaryRows(pages: Row[]): SummaryRow[] {
  const out: SummaryRow[] = [];
  for (const page of pages) {
    const name = `lighthouse ${page.form} ${page.page}`;
    if (page.performance === undefined) {
      // A page Lighthouse could not score is a failure, not a missing figure.
      out.push(
        row({
          figure: `${name}: ${page.note ?? 'no score'}`,
          value: Number.NaN,
          unit: '',
          target: 'a score',
          meets: () => false,
        }),
      );
      continue;
    }
    out.push(
      row({
        figure: `${name} performance`,
        value: page.performance,
        unit: '',
        target: '≥ 90',
        meets: atLeast(90),
      }),
    );
    if (page.form === 'mobile' && page.lcpMs !== undefined)
      out.push(
        row({
          figure: `${name} LCP`,
          value: page.lcpMs / 1000,
          unit: 's',
          target: '≤ 2.5 s',
          meets: atMost(2.5),
        }),
      );
    if (page.form === 'desktop' && page.cls !== undefined)
      out.push(
        row({ figure: `${name} CLS`, value: page.cls, unit: '', target: '≤ 0.05', meets: atMost(0.05) }),
      );
  }
  const scored = pages.filter((p) => p.performance !== undefined);
  for (const [label, pick] of [
    ['accessibility', (p: Row) => p.accessibility],
    ['best practices', (p: Row) => p.bestPractices],
  ] as const) {
    const values = scored.map(pick).filter((v): v is number => v !== undefined);
    if (values.length)
      out.push(
        row({
          figure: `lighthouse ${label}, lowest of ${values.length} pages`,
          value: Math.min(...values),
          unit: '',
          target: '100',
          meets: atLeast(100),
        }),
      );
  }
  return out;
}

/** `make bench lighthouse`: Lighthouse (mobile, its simulated 4G) on the first pages a golfer opens, desktop CLS on /venues. */
export async function measureLighthouse() {
  const rows: Row[] = [];
  let skipped: string | undefined;
  if (!existsSync(CHROMIUM)) skipped = `Chromium not found at ${CHROMIUM}`;
  else if (!existsSync(join(root, 'web/dist/index.html'))) skipped = 'no web build (npm run build -w web)';
  if (!skipped) {
    const app = await startMakeRun();
    const chrome = await launch({
      chromePath: CHROMIUM,
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'],
    });
    try {
      const eventPath = await firstEventPath(app.url);
      const pages: { path: string; form: 'mobile' | 'desktop'; member?: boolean }[] = [
        { path: '/', form: 'mobile' },
        { path: '/venues', form: 'mobile' },
        { path: '/events', form: 'mobile' },
        ...(eventPath ? [{ path: eventPath, form: 'mobile' as const }] : []),
        { path: '/venues', form: 'desktop' },
        { path: '/players', form: 'mobile', member: true },
      ];
      // Visitors first: once the member is logged in, the browser's storage keeps the session.
      for (const { path, form, member } of pages) {
        if (member) {
          const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
          try {
            await logIn(browser, app.url);
          } finally {
            await browser.disconnect();
          }
        }
        try {
          const once = async () => {
            const scores = await audit(chrome.port, `${app.url}${path}`, form, Boolean(member));
            // Lighthouse now and then fails to record a trace (NO_NAVSTART); once more is usually enough.
            return scores.performance === undefined
              ? audit(chrome.port, `${app.url}${path}`, form, Boolean(member))
              : scores;
          };
          const runs = [];
          for (let run = 0; run < RUNS_PER_PAGE; run++) runs.push(await once());
          rows.push({ page: path, form, ...medianRun(runs) });
        } catch (err) {
          rows.push({ page: path, form, note: (err as Error).message.split('\n')[0] });
        }
      }
      if (!eventPath)
        rows.push({ page: '/events/:id', form: 'mobile', note: 'no event in the demo catalogue' });
    } finally {
      chrome.kill();
      await app.stop();
    }
  }
  return {
    pages: rows,
    rows: summaryRows(rows),
    report() {
      const head = `Lighthouse 13 (mobile: simulated 4G, Moto G Power; desktop: its desktop preset) against make run, median of ${RUNS_PER_PAGE} runs per page`;
      if (skipped) return `${head}\n  skipped: ${skipped}`;
      const cell = (n: number | undefined, width: number, digits = 0) =>
        (n === undefined ? '—' : fmt(n, digits)).padStart(width);
      const lines = rows.map(
        (r) =>
          `  ${r.page.padEnd(22)}${r.form.padEnd(9)}${cell(r.performance, 6)}${cell(r.accessibility, 6)}${cell(r.bestPractices, 6)}` +
          `${cell(r.lcpMs === undefined ? undefined : r.lcpMs / 1000, 9, 2)}${cell(r.tbtMs, 8)}${cell(r.cls, 8, 3)}` +
          (r.note ? `  ${r.note}` : ''),
      );
      return [
        head,
        `  ${'page'.padEnd(22)}${'form'.padEnd(9)}${'perf'.padStart(6)}${'a11y'.padStart(6)}${'b.p.'.padStart(6)}${'LCP s'.padStart(9)}${'TBT ms'.padStart(8)}${'CLS'.padStart(8)}`,
        ...lines,
        '  targets: perf ≥ 90, LCP ≤ 2.5 s, a11y and best practices 100; desktop /venues CLS ≤ 0.05',
      ].join('\n');
    },
  };
}
