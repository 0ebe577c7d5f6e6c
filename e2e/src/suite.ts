import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, inject } from 'vitest';
import { launchBrowser } from './browser';
import { screenshot } from './page-helpers';
import { type RunningMakeRun, startMakeRun } from './stack';

/** The app as `make run` serves it, and a browser to look at it. */
export interface MakeRunSuite {
  /** Where the app is served. */
  readonly url: string;
  readonly browser: Browser;
}

/**
 * `make run` and a headless browser for a describe block: started before its tests (ahead of the
 * block's own beforeAll), on a copy of the demo data seeded once for the tier (global-setup.ts),
 * closed and stopped after them.
 */
export function makeRunForSuite(): MakeRunSuite {
  let run: RunningMakeRun | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    run = await startMakeRun({ dataFrom: inject('seededDataDir') });
    browser = await launchBrowser();
  });
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
    await run?.stop();
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
