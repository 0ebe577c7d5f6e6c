import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { launchBrowser } from './browser';
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
