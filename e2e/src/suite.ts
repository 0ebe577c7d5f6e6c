import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { launchBrowser } from './browser';
import { screenshot } from './page-helpers';
import { seededDataDir, sharedRun } from './shared-run';
import { startMakeRun } from './stack';

/** The app as `make run` serves it, and a browser to look at it. */
export interface MakeRunSuite {
  /** Where the app is served. */
  readonly url: string;
  readonly browser: Browser;
}

/** A run as a suite holds it: where it serves, what it has logged so far, and letting go of it. */
interface HeldRun {
  url: string;
  output(): string;
  release(): Promise<unknown>;
}

/**
 * The `make run` of this worker, shared with the other browser test files it runs (src/shared-run.ts
 * says what a sharing file keeps to), and a headless browser of the describe block's own: closed
 * after its tests; the run goes on for the next file.
 */
export function sharedMakeRunForSuite(): MakeRunSuite {
  return suiteAgainst(async () => ({ ...(await sharedRun()), release: async () => undefined }));
}

/**
 * A `make run` of the describe block's own, for a file that needs the demo data exactly as seeded
 * or changes what every file would see: started on a copy of the data seeded once for the tier
 * (global-setup.ts), stopped after its tests.
 */
export function makeRunForSuite(): MakeRunSuite {
  return suiteAgainst(async () => {
    const run = await startMakeRun({ dataFrom: await seededDataDir() });
    return { url: run.url, output: run.output, release: run.stop };
  });
}

/** The run `hold` gives and a headless browser, for a describe block: ready before its tests (ahead of the block's own beforeAll). */
function suiteAgainst(hold: () => Promise<HeldRun>): MakeRunSuite {
  let run: HeldRun | undefined;
  let browser: Browser | undefined;
  // The first file of a worker may wait for the demo data's seeding (global-setup.ts), then for the start.
  beforeAll(async () => {
    run = await hold();
    browser = await launchBrowser();
  }, 420_000);
  // A failure on a busy CI machine is hard to replay: say what each open page showed and what the run
  // logged (warnings and errors) while the test ran.
  beforeEach((context) => {
    const logFrom = run?.output().length ?? 0;
    context.onTestFailed(async () => {
      const pages = browser?.contexts().flatMap((each) => each.pages()) ?? [];
      const described = await Promise.all(
        pages.map(async (page, index) => {
          const shown = await page
            .locator('[role=dialog], [role=alert]')
            .allInnerTexts()
            .catch((err: Error) => [`(unreadable: ${err.message})`]);
          const saved = await screenshot(page, `failed-${context.task.name.slice(0, 40)}-${index}`).catch(
            () => 'no screenshot',
          );
          return `page ${page.url()} (${saved})\n  dialogs and alerts: ${JSON.stringify(shown).slice(0, 1_000)}`;
        }),
      );
      const logged = run?.output().slice(logFrom).slice(-6_000) ?? '';
      // A test that passes when run again prints no error of its own: say it here.
      const error = context.task.result?.errors?.[0]?.message?.split('\n').slice(0, 6).join('\n') ?? '';
      console.error(
        `\n--- ${context.task.name} failed ---\n${error}\n${described.join('\n')}\n--- make run logged meanwhile ---\n${logged || '(nothing)'}\n`,
      );
    });
  });
  afterAll(async () => {
    await browser?.close();
    await run?.release();
  });
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('make run and the browser start before the tests');
    return value;
  };
  return {
    get url() {
      return started(run).url;
    },
    get browser() {
      return started(browser);
    },
  };
}
