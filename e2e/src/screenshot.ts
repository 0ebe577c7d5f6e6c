import { launchBrowser } from './browser';

/** Usage: tsx e2e/src/screenshot.ts <url> <file.png> [width] [height] — a full-page screenshot. */
const [url, file, width = '1280', height = '900'] = process.argv.slice(2);
if (!url || !file) {
  console.error('usage: screenshot <url> <file.png> [width] [height]');
  process.exit(2);
}
const browser = await launchBrowser();
const page = await browser.newPage({ viewport: { width: Number(width), height: Number(height) } });
const token = process.env.SCREENSHOT_TOKEN;
if (token) await page.addInitScript(`localStorage.setItem('token', ${JSON.stringify(token)})`);
await page.goto(url, { waitUntil: 'networkidle' });
await page.waitForTimeout(Number(process.env.SCREENSHOT_WAIT_MS ?? 300));
await page.screenshot({ path: file, fullPage: true });
await browser.close();
console.log(`saved ${file}`);
