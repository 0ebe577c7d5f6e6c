import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { screenshot, seriousAccessibilityViolations } from '../src/page-helpers';
import { sharedMakeRunForSuite } from '../src/suite';

/** Picks an option of a Mantine Select by its label. */
async function choose(page: Page, label: string, option: string) {
  // The input comes first; the option list, labelled by the same label, is rendered at the page's end.
  await page.getByLabel(label, { exact: true }).first().click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

const selectValue = (page: Page, label: string) =>
  page.getByLabel(label, { exact: true }).first().inputValue();

const cards = (page: Page) => page.getByTestId('venue-card');
const cardNames = (page: Page) => cards(page).locator('h2').allTextContents();
const countHeading = (page: Page) => page.getByRole('heading', { name: /^\d+ Venues? Found$/ });

/**
 * The directory shows the results of this search (the address's query, as the page writes it), not
 * the page before standing in while they load.
 */
async function showing(page: Page, search = '') {
  await page.locator(`[data-testid="venue-results"][data-search="${search}"]`).waitFor();
}

describe('the venue directory and a venue in the browser, against make run', () => {
  const stack = sharedMakeRunForSuite();
  let context: BrowserContext;
  let page: Page;
  const findings: Record<string, string[]> = {};

  beforeAll(async () => {
    context = await stack.browser.newContext({ viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
  });

  it('when a visitor filters the directory by state and type and reloads, then the address keeps the filters and the same venues come back', async () => {
    await page.goto(`${stack.url}/venues`);
    await page.getByRole('heading', { name: 'Discover Golf Venues', level: 1 }).waitFor();
    await showing(page);
    const everything = Number((await countHeading(page).textContent())!.split(' ')[0]);
    // The demo directory has more than a page of venues; a page holds twelve.
    expect(everything).toBeGreaterThan(12);
    expect(await cards(page).count()).toBe(12);
    // Nothing filtered yet: nothing to clear.
    expect(await page.getByRole('button', { name: 'Clear Filters' }).count()).toBe(0);
    await screenshot(page, '60-venues');
    findings.directory = await seriousAccessibilityViolations(page);

    await choose(page, 'State', 'VIC');
    await page.waitForURL((url) => url.searchParams.get('state') === 'VIC');
    await showing(page, 'state=VIC');
    await choose(page, 'Venue Type', 'Golf Course');
    await page.waitForURL(
      (url) =>
        url.searchParams.get('state') === 'VIC' && url.searchParams.get('venue_type') === 'golf_course',
    );
    await showing(page, 'state=VIC&venue_type=golf_course');
    const heading = await countHeading(page).textContent();
    const filtered = Number(heading!.split(' ')[0]);
    expect(filtered).toBeGreaterThan(0);
    expect(filtered).toBeLessThan(everything);
    const names = await cardNames(page);
    expect(names.length).toBe(Math.min(filtered, 12));
    // Every card is a Victorian golf course: its place line ends in VIC and it carries the type.
    for (const card of await cards(page).all()) {
      expect(await card.textContent()).toMatch(/, VIC/);
      const types = await card.locator('.mantine-Badge-root').allTextContents();
      expect(types.join(' ')).toMatch(/Golf Course|\+\d+ more/);
    }
    await page.getByRole('button', { name: 'Clear Filters' }).waitFor();
    await screenshot(page, '61-venues-filtered');
    findings.filtered = await seriousAccessibilityViolations(page);

    await page.reload();
    await showing(page, 'state=VIC&venue_type=golf_course');
    expect(await selectValue(page, 'State')).toBe('VIC');
    expect(await selectValue(page, 'Venue Type')).toBe('Golf Course');
    expect(await countHeading(page).textContent()).toBe(heading);
    expect(await cardNames(page)).toEqual(names);

    // Clearing keeps nothing but the (absent) region, and shows every venue again.
    await page.getByRole('button', { name: 'Clear Filters' }).click();
    await page.waitForURL((url) => url.search === '');
    await showing(page);
    expect(await countHeading(page).textContent()).toBe(`${everything} Venues Found`);
    expect(await selectValue(page, 'State')).toBe('All');
  });

  it('when a visitor pages forward, then the next twelve venues show, the address says which page, and the page is scrolled to the top', async () => {
    await page.goto(`${stack.url}/venues`);
    await showing(page);
    const first = await cardNames(page);
    const pages = page.getByRole('navigation', { name: 'Venue pages' });
    expect(await pages.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);
    expect(await pages.getByRole('button', { name: 'Page 1' }).getAttribute('aria-current')).toBe('page');
    // At most five page buttons.
    expect(await pages.getByRole('button', { name: /^Page \d+$/ }).count()).toBeLessThanOrEqual(5);

    await pages.scrollIntoViewIfNeeded();
    expect(await page.evaluate('window.scrollY')).toBeGreaterThan(0);
    await pages.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL((url) => url.searchParams.get('page') === '2');
    await showing(page, 'page=2');
    const second = await cardNames(page);
    expect(second.filter((name) => first.includes(name))).toEqual([]);
    expect(await pages.getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
    await expect.poll(() => page.evaluate('window.scrollY')).toBe(0);

    // Back goes to the first page; a reload of page two shows page two.
    await page.goBack();
    await page.waitForURL((url) => !url.searchParams.has('page'));
    await showing(page);
    expect(await cardNames(page)).toEqual(first);
    await page.goto(`${stack.url}/venues?page=2`);
    await showing(page, 'page=2');
    expect(await cardNames(page)).toEqual(second);
  });

  it("when a visitor opens the directory's second page, then its venues and the four option lists are each asked for once, as the app starts and not again by the page", async () => {
    const fresh = await context.newPage();
    const asked: string[] = [];
    // What happened, in order: the list's request and the arrival of the directory's own code.
    const happenings: string[] = [];
    fresh.on('request', (request) => {
      const url = new URL(request.url());
      if (!url.pathname.startsWith('/api/v1/venues')) return;
      asked.push(`${url.pathname}${url.search}`);
      if (url.pathname === '/api/v1/venues') happenings.push('list asked for');
    });
    fresh.on('requestfinished', (request) => {
      if (/\/assets\/VenuesPage-[^/]*\.js$/.test(new URL(request.url()).pathname))
        happenings.push('page code here');
    });
    await fresh.goto(`${stack.url}/venues?page=2`);
    await showing(fresh, 'page=2');
    await fresh.waitForLoadState('networkidle');
    // Asked for by the app as it starts, beside the page's code, not by the page once that came.
    expect(happenings).toEqual(['list asked for', 'page code here']);
    expect(asked.sort()).toEqual(
      [
        '/api/v1/venues/club-amenities',
        '/api/v1/venues/course-amenities',
        '/api/v1/venues/states',
        '/api/v1/venues/types',
        '/api/v1/venues?limit=12&offset=12',
      ].sort(),
    );
    await fresh.close();
  });

  it('when a visitor searches with a typo and opens the venue, then its carousel wraps, its map gives way to the coordinates, and directions are offered', async () => {
    await page.goto(`${stack.url}/venues`);
    await showing(page);
    await page.getByLabel('Search venues').fill('royal melborne');
    // Typing pauses, then the search goes into the address (replacing it, not adding to history).
    await page.waitForURL((url) => url.searchParams.get('search') === 'royal melborne');
    await showing(page, 'search=royal+melborne');
    const royal = cards(page).filter({ hasText: 'Royal Melbourne Golf Club' });
    await royal.waitFor();
    await royal.getByRole('link', { name: 'View Details' }).click();
    await page.waitForURL('**/venue/royal-melbourne-golf-club');
    await page.getByRole('heading', { name: 'Royal Melbourne Golf Club', level: 1 }).waitFor();
    const main = (await page.textContent('main')) ?? '';
    for (const text of [
      'Black Rock',
      'VIC 3193',
      'Amenities',
      'Business Hours',
      'Monday',
      'Sunday',
      'Location',
    ])
      expect(main).toContain(text);
    // The country is said, as it is not the USA.
    expect(await page.getByTestId('venue-address').textContent()).toMatch(/Australia$/);

    // The carousel: n of total, Next wraps from the last to the first, Previous from the first to the last.
    const counter = page.getByTestId('carousel-counter');
    await counter.waitFor();
    const [, total] = /^1 of (\d+)$/.exec((await counter.textContent()) ?? '')!.map(Number);
    expect(total).toBeGreaterThan(1);
    const next = page.getByRole('button', { name: 'Next slide' });
    for (let shown = 2; shown <= total!; shown++) {
      await next.click();
      await expect.poll(() => counter.textContent()).toBe(`${shown} of ${total}`);
    }
    await next.click();
    await expect.poll(() => counter.textContent()).toBe(`1 of ${total}`);
    await page.getByRole('button', { name: 'Previous slide' }).click();
    await expect.poll(() => counter.textContent()).toBe(`${total} of ${total}`);
    // One thumbnail per item; a video's shows its thumbnail, and the video uses it as its poster.
    const thumbnails = page.getByTestId('carousel-thumbnails').getByRole('button');
    expect(await thumbnails.count()).toBe(total);
    await thumbnails.nth(1).click();
    await expect.poll(() => counter.textContent()).toBe(`2 of ${total}`);
    const video = page.locator('video');
    expect(await video.count()).toBe(1);
    expect(await video.getAttribute('poster')).toMatch(/\/thumbnails\/.+\.jpg$/);
    expect(await video.getAttribute('controls')).not.toBeNull();

    // No internet here: the map's tiles fail, and the card shows the coordinates without a grey box.
    const location = page.getByTestId('location-card');
    await expect.poll(() => location.getAttribute('data-map'), { timeout: 15_000 }).toBe('unavailable');
    expect(await location.locator('.leaflet-container').count()).toBe(0);
    const coordinates = (await page.getByTestId('coordinates').textContent()) ?? '';
    expect(coordinates).toMatch(/^-37\.\d{4}, 145\.\d{4}$/);
    const directions = location.getByRole('link', { name: /^Get Directions/ });
    const href = (await directions.getAttribute('href')) ?? '';
    expect(href).toMatch(/^https:\/\/www\.google\.com\/maps\/dir\/\?api=1&destination=-37\.\d+,145\.\d+$/);
    expect(await directions.getAttribute('rel')).toContain('noopener');
    await screenshot(page, '62-venue');
    findings.venue = await seriousAccessibilityViolations(page);

    // 'Back to Venues' returns to the search as it was left.
    await page.getByRole('link', { name: 'Back to Venues' }).click();
    await page.waitForURL(
      (url) => url.pathname === '/venues' && url.searchParams.get('search') === 'royal melborne',
    );
    expect(await page.getByLabel('Search venues').inputValue()).toBe('royal melborne');
  });

  it('when the map tiles can be had, then the venue shows on an OpenStreetMap map with its attribution, asked for with a referrer', async () => {
    // There is no internet here: the tile server is stood in for by one drawn tile, served to every request.
    const drawing = await stack.browser.newPage({ viewport: { width: 256, height: 256 } });
    await drawing.setContent(
      '<body style="margin:0;background:repeating-linear-gradient(45deg,#e8efe9 0 20px,#d3e4d8 20px 40px)"></body>',
    );
    const tile = await drawing.screenshot();
    await drawing.close();
    const online = await stack.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const withTiles = await online.newPage();
    const referrers = new Set<string>();
    await withTiles.route('https://tile.openstreetmap.org/**', (route) => {
      referrers.add(route.request().headers().referer ?? '');
      return route.fulfill({ body: tile, contentType: 'image/png' });
    });
    await withTiles.goto(`${stack.url}/venue/royal-melbourne-golf-club`);
    const location = withTiles.getByTestId('location-card');
    await expect.poll(() => location.getAttribute('data-map'), { timeout: 15_000 }).toBe('ready');
    await location.getByRole('region', { name: 'Map of Royal Melbourne Golf Club' }).waitFor();
    expect(await location.locator('.leaflet-control-attribution').textContent()).toContain(
      '© OpenStreetMap contributors',
    );
    // OpenStreetMap's tile policy asks for a referrer, which the app's own policy would otherwise withhold.
    expect([...referrers]).toEqual([`${stack.url}/`]);
    // The coordinates and directions stay beside the map.
    await location.getByRole('link', { name: /^Get Directions/ }).waitFor();
    await location.scrollIntoViewIfNeeded();
    await screenshot(withTiles, '62b-venue-map');
    findings.map = await seriousAccessibilityViolations(withTiles);
    await online.close();
  });

  it('when a venue has no photos, then drawings of its kind stand in, said to be drawings', async () => {
    await page.goto(`${stack.url}/venues?venue_type=driving_range`);
    await showing(page, 'venue_type=driving_range');
    // A venue whose card shows its initials has no featured picture; one without '+N photos' no gallery.
    const plain = cards(page)
      .filter({ has: page.getByTestId('venue-initials') })
      .filter({ hasNotText: /\+\d+ photos?/ });
    const name = (await plain.first().locator('h2').textContent())!;
    await plain.first().getByRole('link', { name: 'View Details' }).click();
    await page.getByRole('heading', { name, level: 1 }).waitFor();
    await page.getByText(/^Illustration of .+ · no photos yet$/).waitFor();
    expect(await page.locator('video').count()).toBe(0);
    await screenshot(page, '63-venue-illustrated');
    findings.illustrated = await seriousAccessibilityViolations(page);
  });

  it('when a venue does not exist, then the page says so and leads back to the directory', async () => {
    await page.goto(`${stack.url}/venue/no-such-venue`);
    await page.getByRole('heading', { name: 'Venue Not Found' }).waitFor();
    await screenshot(page, '64-venue-not-found');
    findings.notFound = await seriousAccessibilityViolations(page);
    await page.goto(`${stack.url}/venues/999999`);
    await page.getByRole('heading', { name: 'Venue Not Found' }).waitFor();
    await page.getByRole('link', { name: 'Browse All Venues' }).click();
    await page.waitForURL((url) => url.pathname === '/venues');
    await showing(page);
  });

  it('when the screens are opened at 390 px, then they fit the width and axe finds nothing serious', async () => {
    const phone = await stack.browser.newContext({ viewport: { width: 390, height: 844 } });
    const small = await phone.newPage();
    const fits = () => small.evaluate('document.documentElement.scrollWidth <= window.innerWidth');
    await small.goto(`${stack.url}/venues?state=NSW`);
    await showing(small, 'state=NSW');
    expect(await fits()).toBe(true);
    await screenshot(small, '65-venues-390');
    findings.directoryPhone = await seriousAccessibilityViolations(small);
    await small.goto(`${stack.url}/venue/royal-melbourne-golf-club`);
    await small.getByTestId('carousel-counter').waitFor();
    await expect
      .poll(() => small.getByTestId('location-card').getAttribute('data-map'), { timeout: 15_000 })
      .toBe('unavailable');
    expect(await fits()).toBe(true);
    await screenshot(small, '66-venue-390');
    findings.venuePhone = await seriousAccessibilityViolations(small);
    await phone.close();
    expect(findings).toEqual({
      directory: [],
      filtered: [],
      venue: [],
      map: [],
      illustrated: [],
      notFound: [],
      directoryPhone: [],
      venuePhone: [],
    });
  });
});
