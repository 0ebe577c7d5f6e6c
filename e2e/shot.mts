import { chromium } from 'playwright-core';
const base = process.env.BASE ?? 'http://localhost:8090';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'] });
const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
await page.goto(`${base}/login`);
await page.getByLabel('Email').fill(process.env.WHO ?? 'olivia@linksmate.dev');
await page.getByLabel(/^Password/).fill('Fairway!2026');
await page.getByRole('button', { name: 'Log in' }).click();
await page.waitForURL(/profile/);
for (const path of (process.env.SHOTS ?? '').split(',').filter(Boolean)) {
  await page.goto(`${base}${path}`);
  await page.waitForTimeout(2000);
  await page.screenshot({ path: `/tmp/shots/${path.replace(/[^a-z0-9]+/gi, '_')}.png`, fullPage: false });
}
await browser.close();
