import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import {
  ADMIN_COACH_MESSAGES,
  ADMIN_VENUE_MESSAGES,
  AVAILABILITY_MESSAGES,
  EVENT_MESSAGES,
  GRANT_MESSAGES,
} from '../../proto/src/rules';
import { COURSE_MESSAGES, TYPICAL_VALUES_NOTE } from '../../proto/src/rules/courses';
import {
  coachOpenToClaim,
  demoToken,
  logInAs,
  screenshot,
  screenshotOf,
  seriousAccessibilityViolations,
  waitForMail,
} from '../src/page-helpers';
import { sharedMakeRunForSuite } from '../src/suite';

/** The admin area's screens, by their address and the heading each shows. */
const ADMIN_PAGES: ReadonlyArray<[string, string | RegExp]> = [
  ['/admin', 'Dashboard'],
  ['/admin/venues', 'Venues Management'],
  ['/admin/coaches', /Coaches/],
  ['/admin/coach-venues', /Coach Venues/],
  ['/admin/profile-claims', /Profile Claim/],
  ['/admin/availability', /Availability/],
  ['/admin/bookings', /Bookings/],
  ['/admin/events', /Events/],
  ['/admin/create-linksmate-event', /Create LinksMate Event/],
  ['/admin/announcements', 'Platform Announcements'],
  ['/admin/transactions', 'Payment Transactions'],
  ['/admin/users', 'User Management'],
];

describe('the admin area in the browser, against make run', () => {
  const stack = sharedMakeRunForSuite();
  let admin: Page;

  beforeAll(async () => {
    admin = await (await stack.browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
    await logInAs(admin, stack.url, 'admin@linksmate.dev');
  });

  it('when the admin opens every admin page, then each shows its heading in the sidebar layout with no serious accessibility problem', async () => {
    const findings: Record<string, string[]> = {};
    for (const [path, heading] of ADMIN_PAGES) {
      await admin.goto(`${stack.url}${path}`);
      await admin.getByRole('heading', { name: heading, level: 1 }).first().waitFor();
      await admin.getByRole('navigation', { name: 'Admin sections' }).waitFor();
      // Lists settle before axe looks (a skeleton is not the page).
      await admin.waitForLoadState('networkidle');
      const name = path.slice(1).replaceAll('/', '-');
      await screenshot(admin, `95-${name}`);
      const problems = await seriousAccessibilityViolations(admin);
      if (problems.length) findings[path] = problems;
    }
    expect(findings).toEqual({});
  });

  it('when the admin creates a venue through the wizard with a photo, then it is listed in the public directory with that picture', async () => {
    const name = `Wizard Links ${Date.now().toString(36)}`;
    await admin.goto(`${stack.url}/admin/venues`);
    await admin.getByRole('button', { name: 'Add New Venue' }).click();
    const wizard = admin.getByRole('dialog');
    await wizard.getByLabel('Venue name').fill(name);
    await wizard.getByRole('checkbox', { name: 'Golf Course' }).check();
    await wizard.getByRole('button', { name: 'Next' }).click();
    await wizard.getByLabel('Address').fill('1 Fairway Drive');
    await wizard.getByLabel('City').fill('Torquay');
    await wizard.getByRole('button', { name: 'Next' }).click();
    // A negative length stays as typed and the step says why it cannot go on.
    const holes = wizard.getByLabel('Full course (holes)');
    await holes.fill('-18');
    await wizard.getByRole('button', { name: 'Next' }).click();
    await wizard.getByText(ADMIN_VENUE_MESSAGES.lengthNotNegative).waitFor();
    expect(await holes.inputValue()).toBe('-18');
    await holes.fill('18');
    for (let step = 3; step <= 5; step++) await wizard.getByRole('button', { name: 'Next' }).click();
    const photo = await sharp({ create: { width: 800, height: 500, channels: 3, background: '#3b7d3b' } })
      .jpeg()
      .toBuffer();
    await wizard
      .locator('input[type="file"]')
      .first()
      .setInputFiles({ name: 'clubhouse.jpg', mimeType: 'image/jpeg', buffer: photo });
    await wizard.getByRole('button', { name: 'Create Venue' }).click();
    await admin.getByText('Venue added successfully').waitFor({ timeout: 20_000 });
    await screenshot(admin, '96-admin-venue-created');

    const search = await fetch(`${stack.url}/api/v1/venues?search=${encodeURIComponent(name)}`);
    const { venues } = (await search.json()) as {
      venues: Array<{ id: number; name: string; featured_image_url: string | null }>;
    };
    expect(venues.map((v) => v.name)).toEqual([name]);
    expect(venues[0]!.featured_image_url).toMatch(/\.webp$/);
    await admin.goto(`${stack.url}/venues/${venues[0]!.id}`);
    await admin.getByRole('heading', { name, level: 1 }).waitFor();
  });

  it('when the admin types negative or decimal numbers into the event, batch and transaction forms, then each stays as typed and its field says what is wrong', async () => {
    await admin.goto(`${stack.url}/admin/create-linksmate-event`);
    const capacity = admin.getByRole('textbox', { name: /^Capacity/ });
    await capacity.fill('-1');
    await admin.getByLabel('Free', { exact: true }).uncheck({ force: true });
    const price = admin.getByRole('textbox', { name: 'Price' });
    await price.fill('-5');
    await admin.getByRole('button', { name: 'Create Event' }).click();
    await admin.getByText(EVENT_MESSAGES.officialCapacityMin).waitFor();
    await admin.getByText(EVENT_MESSAGES.priceNegative).waitFor();
    expect(await capacity.inputValue()).toBe('-1');
    expect(await price.inputValue()).toMatch(/^-5(\.00)?$/);
    await screenshot(admin, '96b-admin-create-event-number-errors');

    await admin.goto(`${stack.url}/admin/availability`);
    await admin.getByRole('button', { name: 'Create in Batch' }).click();
    const batch = admin.getByRole('dialog', { name: 'Create Slots in Batch' });
    const fields = {
      'Number of slots': ['-2', AVAILABILITY_MESSAGES.batchEmpty],
      'Minutes between starts': ['-30', AVAILABILITY_MESSAGES.intervalMin],
      'Slot length in minutes': ['-60', AVAILABILITY_MESSAGES.durationMin],
      Capacity: ['-1', AVAILABILITY_MESSAGES.capacityMin],
    } as const;
    const slotPrice = batch.getByLabel('Price');
    await slotPrice.fill('-5');
    for (const [label, [typed]] of Object.entries(fields)) await batch.getByLabel(label).fill(typed);
    await batch.getByRole('button', { name: 'Create Slots' }).click();
    for (const [label, [typed, message]] of Object.entries(fields)) {
      await batch.getByText(message).waitFor();
      expect(await batch.getByLabel(label).inputValue(), label).toBe(typed);
    }
    await batch.getByText(AVAILABILITY_MESSAGES.priceNegative).waitFor();
    expect(await slotPrice.inputValue()).toMatch(/^-\$5(\.00)?$/);
    // A decimal typed key by key into a whole-number field stays as typed ('.' is not swallowed).
    const decimals = {
      'Minutes between starts': ['7.5', AVAILABILITY_MESSAGES.intervalWhole],
      Capacity: ['1.5', AVAILABILITY_MESSAGES.capacityWhole],
    } as const;
    for (const [label, [typed]] of Object.entries(decimals)) {
      await batch.getByLabel(label).fill('');
      await batch.getByLabel(label).pressSequentially(typed);
    }
    await batch.getByRole('button', { name: 'Create Slots' }).click();
    for (const [label, [typed, message]] of Object.entries(decimals)) {
      await batch.getByText(message).waitFor();
      expect(await batch.getByLabel(label).inputValue(), label).toBe(typed);
    }
    // Past the spec's 50 slots: kept as typed (not rewritten to 50) and named.
    await batch.getByLabel('Number of slots').fill('60');
    await batch.getByLabel('Minutes between starts').fill('30');
    await batch.getByRole('button', { name: 'Create Slots' }).click();
    await batch.getByText(AVAILABILITY_MESSAGES.batchTooMany).waitFor();
    await batch.getByLabel('Slot length in minutes').focus();
    expect(await batch.getByLabel('Number of slots').inputValue()).toBe('60');
    await screenshot(admin, '97-admin-batch-number-errors');
    await batch.getByRole('button', { name: 'Cancel' }).click();

    // A negative amount is named under its field and is not applied to the list.
    await admin.goto(`${stack.url}/admin/transactions`);
    const minAmount = admin.getByLabel('Min amount');
    await minAmount.fill('-5');
    await admin.getByText('Amount cannot be negative').waitFor();
    expect(await minAmount.inputValue()).toMatch(/^-\$5$/);

    // A grant of 13 months stays 13 and says the range, in the words the server answers with.
    await admin.goto(`${stack.url}/admin/users`);
    await admin
      .getByRole('button', { name: /^Actions for / })
      .first()
      .click();
    await admin.getByRole('menuitem', { name: 'Grant Membership' }).click();
    const grant = admin.getByRole('dialog', { name: 'Grant Free Membership' });
    const duration = grant.getByLabel('Duration');
    await duration.fill('13');
    await grant.getByText(GRANT_MESSAGES.durationRange).waitFor();
    await grant.getByRole('combobox', { name: 'Unit' }).focus();
    expect(await duration.inputValue()).toBe('13');
    expect(await grant.getByRole('button', { name: 'Grant Membership' }).isDisabled()).toBe(true);
    await screenshot(admin, '97b-admin-grant-duration-error');
    await grant.getByRole('button', { name: 'Cancel' }).click();
  });

  it('when the admin types -3 or 60 years of experience for a new coach, then the value stays as typed, the field gives the spec’s reason and no coach is sent', async () => {
    const coachPosts: string[] = [];
    const recordCoachPost = (request: { method(): string; url(): string }) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/v1/admin/coaches'))
        coachPosts.push(request.url());
    };
    admin.on('request', recordCoachPost);
    await admin.goto(`${stack.url}/admin/coaches`);
    await admin.getByRole('button', { name: 'Add New Coach' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Add New Coach' });
    await dialog.getByLabel('First name').fill('Tom');
    await dialog.getByLabel('Last name').fill('Watson');
    await dialog.getByLabel('Email').fill(`tom.${Date.now().toString(36)}@example.com`);
    const years = dialog.getByLabel('Years of experience');
    for (const [typed, message] of [
      ['-3', ADMIN_COACH_MESSAGES.yearsNotNegative],
      ['60', ADMIN_COACH_MESSAGES.yearsTooMany],
    ] as const) {
      await years.fill(typed);
      // Leaving the field rewrites nothing (Mantine would clamp on blur).
      await dialog.getByLabel('Bio').focus();
      expect(await years.inputValue()).toBe(typed);
      await dialog.getByRole('button', { name: 'Add Coach' }).click();
      await dialog.getByText(message).waitFor();
      expect(await years.inputValue()).toBe(typed);
    }
    await screenshot(admin, '98-admin-coach-years-error');
    admin.off('request', recordCoachPost);
    expect(coachPosts).toEqual([]);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });

  it('when a coach claims their profile and the admin approves it, then the coach logs in with the coach role', async () => {
    const email = `claimant.${Date.now().toString(36)}@example.com`;
    const coach = await coachOpenToClaim(stack.url);
    const claimed = await fetch(`${stack.url}/api/v1/claim-profile`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ entityType: 'coach', entityId: coach.id, email, password: 'Claimant!2026' }),
    });
    expect(claimed.status).toBe(201);
    const mail = await waitForMail(stack.url, email, /Verify your email/);
    expect(
      (
        await fetch(
          mail.links[0]!.replace(/^https?:\/\/[^/]+\/verify-email/, `${stack.url}/api/v1/auth/verify-email`),
        )
      ).status,
    ).toBe(200);

    // The requester is the person asking (their account has no name yet: their e-mail), the
    // claimed profile the coach (docs/product.md#admin-entities).
    await admin.goto(`${stack.url}/admin/profile-claims`);
    const row = admin.getByTestId('claim-row').filter({ hasText: email });
    const [requester, profile] = [row.getByRole('cell').nth(0), row.getByRole('cell').nth(1)];
    expect(await requester.textContent()).toBe(email);
    expect(await profile.textContent()).toContain(`${coach.first_name} ${coach.last_name}`);
    await screenshotOf(admin.getByRole('table'), '98b-admin-claims-table');
    await row
      .getByRole('button', { name: `View Details of the claim by ${email} on Coach #${coach.id}` })
      .click();
    const dialog = admin.getByRole('dialog', { name: 'Claim Details' });
    await dialog.getByText('Requester').waitFor();
    expect(
      await dialog.getByText(`Coach #${coach.id} — ${coach.first_name} ${coach.last_name}`).count(),
    ).toBe(1);
    await screenshotOf(dialog, '98c-admin-claim-details');
    await dialog.getByLabel('Admin notes').fill('Checked the PGA card');
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await admin.getByText('Claim approved').waitFor();

    const token = await demoToken(stack.url, email, 'Claimant!2026');
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { role: string };
    expect(claims.role).toBe('coach');
  });

  it('when the admin edits a coach through the wizard, then the hours the coach set for themselves are kept', async () => {
    const token = await demoToken(stack.url, 'admin@linksmate.dev');
    const api = (path: string, init: RequestInit = {}) =>
      fetch(`${stack.url}/api/v1${path}`, {
        ...init,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      });
    const listed = (await (await api('/admin/coaches?limit=10')).json()) as {
      coaches: Array<{ id: number; first_name: string | null; last_name: string | null }>;
    };
    const coach = listed.coaches[0]!;
    // Hours of their own, unlike the 9-5 every day the spec's edit screen would send.
    const own = {
      monday: { available: false, hours: '' },
      tuesday: { available: true, hours: '6:00 AM - 10:00 AM' },
      wednesday: { available: true, hours: '3:00 PM - 7:00 PM' },
      thursday: { available: false, hours: '' },
      friday: { available: true, hours: '6:00 AM - 10:00 AM' },
      saturday: { available: true, hours: '7:00 AM - 1:00 PM' },
      sunday: { available: false, hours: '' },
    };
    const set = await api(`/admin/coaches/${coach.id}`, {
      method: 'PUT',
      body: JSON.stringify({ availability_schedule: { Valid: true, RawMessage: own } }),
    });
    expect(set.status, await set.text()).toBe(200);

    const name = [coach.first_name, coach.last_name].filter(Boolean).join(' ');
    await admin.goto(`${stack.url}/admin/coaches`);
    await admin.getByRole('button', { name: `Edit ${name}` }).click();
    const wizard = admin.getByRole('dialog', { name: `Edit Coach: ${name}` });
    await wizard.getByRole('button', { name: /Settings/ }).click();
    await wizard.getByRole('button', { name: 'Update Coach' }).click();
    await admin.getByText('Coach updated successfully').waitFor();

    const after = (await (await api('/admin/coaches?limit=10')).json()) as {
      coaches: Array<{ id: number; availability_schedule: unknown }>;
    };
    expect(after.coaches.find((c) => c.id === coach.id)?.availability_schedule).toEqual(own);
  });

  it('when the admin adds someone to an event that takes payment, then both add-user dialogs say the seat is complimentary, a free event’s does not, the event page’s finds and adds Jack and its count follows, and the bookings list says Complimentary', async () => {
    const token = await demoToken(stack.url, 'admin@linksmate.dev');
    const { venues } = (await (await fetch(`${stack.url}/api/v1/venues?limit=1`)).json()) as {
      venues: Array<{ id: number }>;
    };
    const start = new Date(Date.now() + 5 * 86_400_000);
    start.setUTCHours(21, 0, 0, 0);
    const publish = async (title: string, price: number) => {
      const response = await fetch(`${stack.url}/api/v1/events/linksmate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({
          title,
          venue_id: venues[0]!.id,
          start_time: start.toISOString(),
          end_time: new Date(start.getTime() + 2 * 3_600_000).toISOString(),
          capacity: 10,
          currency: 'AUD',
          status: 'open',
          ticket_types: [{ name: 'Standard Admission', price_per_ticket: price, currency: 'AUD' }],
        }),
      });
      expect(response.status, await response.clone().text()).toBe(201);
      return ((await response.json()) as { event: { id: number } }).event.id;
    };
    const suffix = Date.now().toString(36);
    const paid = `Paid Clinic ${suffix}`;
    const free = `Free Clinic ${suffix}`;
    const paidId = await publish(paid, 2500);
    await publish(free, 0);
    const notice = EVENT_MESSAGES.complimentarySeat;

    await admin.goto(`${stack.url}/admin/events?search=${encodeURIComponent(suffix)}`);
    await admin.getByRole('button', { name: `Add user to ${paid}` }).click();
    let dialog = admin.getByRole('dialog', { name: 'Add user to event' });
    await dialog.getByText(notice).waitFor();
    await screenshot(admin, '95b-admin-add-user-paid');
    expect(await seriousAccessibilityViolations(admin)).toEqual([]);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await admin.getByRole('button', { name: `Add user to ${free}` }).click();
    await dialog.getByRole('button', { name: 'Add to event' }).waitFor();
    expect(await dialog.getByText(notice).count()).toBe(0);
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await admin.goto(`${stack.url}/events/${paidId}`);
    await admin.getByRole('button', { name: 'Add user', exact: true }).click();
    dialog = admin.getByRole('dialog', { name: 'Add user to event' });
    await dialog.getByText(notice).waitFor();
    // The same dialog on the event's page: the server finds Jack by what is typed, the seat is given,
    // and the page's count follows without a reload (the shared events root is read again).
    await admin.getByText('0 / 10', { exact: true }).waitFor();
    await dialog.getByRole('combobox', { name: 'User' }).fill('thomps');
    await admin.getByRole('option', { name: /Jack Thompson · @jack_t/ }).click();
    await dialog.getByRole('textbox', { name: 'Notes (optional)' }).fill('Guest of the club');
    await screenshot(admin, '95c-event-add-user-picked');
    await dialog.getByRole('button', { name: 'Add to event' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await admin.getByText('1 / 10', { exact: true }).waitFor();

    // The seat the demo gave at Priya Raman's paid clinic reads as complimentary in her bookings.
    const coach = await (
      await stack.browser.newContext({ viewport: { width: 1366, height: 900 } })
    ).newPage();
    await logInAs(coach, stack.url, 'academy@linksmate.dev');
    await coach.goto(`${stack.url}/admin/bookings`);
    const given = coach.getByRole('row').filter({ hasText: 'Short Game School with Priya Raman' });
    await given.getByRole('cell', { name: 'Complimentary', exact: true }).waitFor();
    // Arriving at /admin, the coach admin lands on bookings; the menu's Dashboard shows their figures.
    await coach.goto(`${stack.url}/admin`);
    await coach.waitForURL((url) => url.pathname === '/admin/bookings');
    await coach
      .getByRole('navigation', { name: 'Admin sections' })
      .getByRole('link', { name: 'Dashboard' })
      .click();
    await coach.getByText(/events and bookings of your coaching/).waitFor();
    await screenshot(coach, '97-admin-coach-dashboard');
    await coach.context().close();
  });

  it('when the venue manager opens the admin area, then the menu is the reduced one and a hidden section’s API answers 403', async () => {
    const manager = await (
      await stack.browser.newContext({ viewport: { width: 1366, height: 900 } })
    ).newPage();
    await logInAs(manager, stack.url, 'venue@linksmate.dev');
    await manager.goto(`${stack.url}/admin/venues`);
    const sections = manager.getByRole('navigation', { name: 'Admin sections' });
    await sections.getByText('Venue Management').waitFor();
    const links = await sections.getByRole('link').allTextContents();
    expect(links).toEqual(['Dashboard', 'Venues', 'Availability', 'Bookings', 'Events', 'Back to App']);
    await manager.getByRole('cell', { name: 'Moore Park Golf' }).first().waitFor();
    await screenshot(manager, '97-admin-venue-manager');
    await sections.getByRole('link', { name: 'Dashboard' }).click();
    await manager.getByText(/events and bookings at the venues you run/).waitFor();
    await screenshot(manager, '97-admin-venue-manager-dashboard');
    expect(await seriousAccessibilityViolations(manager)).toEqual([]);
    const token = await demoToken(stack.url, 'venue@linksmate.dev');
    const hidden = await fetch(`${stack.url}/api/v1/admin/users`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(hidden.status).toBe(403);
    // The dashboard's figures are their venues', fewer than the platform's.
    const dashboard = async (as: string) =>
      (await (
        await fetch(`${stack.url}/api/v1/admin/dashboard`, { headers: { authorization: `Bearer ${as}` } })
      ).json()) as { scope: string; events_this_month: { total: number } };
    const theirs = await dashboard(token);
    const platform = await dashboard(await demoToken(stack.url, 'admin@linksmate.dev'));
    expect(theirs.scope).toBe('venues');
    expect(platform.scope).toBe('platform');
    expect(theirs.events_this_month.total).toBeLessThan(platform.events_this_month.total);
    await manager.goto(`${stack.url}/admin/users`);
    await manager.getByRole('heading', { name: 'Access Denied' }).waitFor();
  });
  it('when the venue manager adds a tee on the Courses tab, then a slope out of range is refused with its message, and once saved the tee shows on the public venue page', async () => {
    const manager = await (
      await stack.browser.newContext({ viewport: { width: 1280, height: 900 } })
    ).newPage();
    await logInAs(manager, stack.url, 'venue@linksmate.dev');
    const found = (await (await fetch(`${stack.url}/api/v1/venues/slug/moore-park-golf`)).json()) as {
      venue: { id: number };
    };
    const venueId = found.venue.id;
    await manager.goto(`${stack.url}/admin/venues/${venueId}?tab=courses`);
    await manager.getByRole('table', { name: 'Tees of Main Course' }).waitFor();
    await manager.waitForLoadState('networkidle');
    await screenshot(manager, '98-admin-venue-courses-1280');
    expect(await seriousAccessibilityViolations(manager)).toEqual([]);

    await manager.getByRole('button', { name: 'Edit Main Course' }).click();
    const form = manager.getByRole('form', { name: 'Edit Main Course' });
    await form.getByRole('button', { name: 'Add tee' }).click();
    // The new tee, named by what is typed into it: found by place.
    const gold = form.getByRole('group').last();
    await gold.getByLabel('Tee name').fill('Gold');
    await gold.getByLabel('Course rating').fill('68.9');
    await gold.getByLabel('Slope rating').fill('160');
    await form.getByRole('button', { name: 'Save course' }).click();
    await form.getByText(COURSE_MESSAGES.slopeRange).waitFor();
    await screenshot(manager, '98-admin-venue-course-editor-1280');
    expect(await seriousAccessibilityViolations(manager)).toEqual([]);
    await manager.setViewportSize({ width: 390, height: 844 });
    await screenshot(manager, '98-admin-venue-course-editor-390');
    await manager.setViewportSize({ width: 1280, height: 900 });
    await gold.getByLabel('Slope rating').fill('117');
    await form.getByRole('button', { name: 'Save course' }).click();
    await manager
      .getByRole('table', { name: 'Tees of Main Course' })
      .getByRole('cell', { name: 'Gold' })
      .waitFor();

    const visitor = await (
      await stack.browser.newContext({ viewport: { width: 1280, height: 900 } })
    ).newPage();
    await visitor.goto(`${stack.url}/venues/${venueId}`);
    const section = visitor.getByRole('region', { name: 'Courses and Tees' });
    await section.getByRole('cell', { name: /Gold/ }).waitFor();
    expect(await section.getByRole('row', { name: /Gold/ }).textContent()).toMatch(
      /Gold\s*\(Men\)\s*70\s*68\.9\s*117/,
    );
    await visitor.waitForLoadState('networkidle');
    await screenshot(visitor, '98-venue-courses-1280');
    expect(await seriousAccessibilityViolations(visitor)).toEqual([]);
    await visitor.setViewportSize({ width: 390, height: 844 });
    await screenshot(visitor, '98-venue-courses-390');
    // A course nobody has saved still carries the demo's typical values, and says so.
    await visitor.goto(`${stack.url}/venue/royal-melbourne-golf-club`);
    const typical = visitor.getByRole('region', { name: 'Courses and Tees' });
    await typical.getByText(TYPICAL_VALUES_NOTE).waitFor();
    await screenshot(visitor, '98-venue-courses-typical-390');
    await manager.setViewportSize({ width: 390, height: 844 });
    await manager.goto(`${stack.url}/admin/venues/${venueId}?tab=courses`);
    await manager.getByRole('table', { name: 'Tees of Main Course' }).waitFor();
    await screenshot(manager, '98-admin-venue-courses-390');
  });

  it('when the admin changes a coach to a coach admin through the role menu, then a confirmation names the role and its sections, cancelling changes nothing, and confirming changes it and shows it', async () => {
    const token = await demoToken(stack.url, 'admin@linksmate.dev');
    const sam = async () =>
      (
        (await (
          await fetch(`${stack.url}/api/v1/admin/users?search=coach%40linksmate.dev`, {
            headers: { authorization: `Bearer ${token}` },
          })
        ).json()) as { users: Array<{ id: number; account_role: string }> }
      ).users[0]!;
    const accountRole = async () => (await sam()).account_role;
    expect(await accountRole()).toBe('coach');
    // Sam is a coach again for the browser tests after this one on the shared run (coaches.browser.test.ts).
    onTestFinished(async () => {
      const { id, account_role } = await sam();
      if (account_role === 'coach') return;
      const restored = await fetch(`${stack.url}/api/v1/admin/users/${id}/role`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ role: 'coach' }),
      });
      expect(restored.status, await restored.text()).toBe(200);
    });

    await admin.goto(`${stack.url}/admin/users?search=coach%40linksmate.dev`);
    const menu = admin.getByLabel('Role of Sam Fairweather', { exact: true }).first();
    await menu.waitFor();
    expect(await menu.inputValue()).toBe('User (coach)');
    await menu.click();
    // An admin may set every role; each carries the spec's label.
    expect(await admin.getByRole('option').allTextContents()).toEqual([
      'User (member)',
      'User (coach)',
      'Moderator (facility admin)',
      'Moderator (coach admin)',
      'Admin (site admin)',
      'Admin',
    ]);
    await admin.getByRole('option', { name: 'Moderator (coach admin)', exact: true }).click();

    const dialog = admin.getByRole('dialog', { name: 'Change Role' });
    await dialog.getByText(/from User \(coach\) to Moderator \(coach admin\)/).waitFor();
    await dialog
      .getByText(
        "They will have the admin area's Dashboard, Coach Venues, Availability, Bookings and Events.",
      )
      .waitFor();
    await screenshot(admin, '98-admin-role-change');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await menu.inputValue()).toBe('User (coach)');
    expect(await accountRole()).toBe('coach');

    await menu.click();
    await admin.getByRole('option', { name: 'Moderator (coach admin)', exact: true }).click();
    await dialog.getByRole('button', { name: 'Make Moderator (coach admin)' }).click();
    await admin.getByText('Role changed to Moderator (coach admin)').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => menu.inputValue()).toBe('Moderator (coach admin)');
    expect(await accountRole()).toBe('coach_admin');
    await admin.reload();
    await menu.waitFor();
    expect(await menu.inputValue()).toBe('Moderator (coach admin)');
  });
});
