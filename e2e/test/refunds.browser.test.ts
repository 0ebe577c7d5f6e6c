import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatCents, gstOnCents, MEMBER_CANCEL_CUTOFF_HOURS, REFUND_MESSAGES } from '../../proto/src/rules';
import {
  demoToken,
  logInAs,
  payBookingWith4242,
  screenshot,
  seriousAccessibilityViolations,
} from '../src/page-helpers';
import { sharedMakeRunForSuite } from '../src/suite';

const JACK = 'jack@linksmate.dev';
const ADMIN = 'admin@linksmate.dev';
const HOUR = 3_600_000;
const PRICE = 4500;
const TOTAL = PRICE + gstOnCents(PRICE);

interface CreatedEvent {
  id: number;
  title: string;
}

/** A paid official event (one slot type, A$45 + GST) the demo admin publishes, starting `hoursAhead` from now. */
async function publishPaidEvent(baseUrl: string, title: string, hoursAhead: number): Promise<CreatedEvent> {
  const admin = await demoToken(baseUrl, ADMIN);
  const venues = (await (await fetch(`${baseUrl}/api/v1/venues?limit=1`)).json()) as {
    venues: Array<{ id: number }>;
  };
  const start = new Date(Date.now() + hoursAhead * HOUR);
  start.setUTCMinutes(0, 0, 0);
  const response = await fetch(`${baseUrl}/api/v1/events/linksmate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` },
    body: JSON.stringify({
      title,
      description: 'Eighteen holes with a shotgun start; lunch after.',
      venue_id: venues.venues[0]!.id,
      start_time: start.toISOString(),
      end_time: new Date(start.getTime() + 5 * HOUR).toISOString(),
      capacity: 12,
      currency: 'AUD',
      status: 'open',
      ticket_types: [{ name: 'Player', price_per_ticket: PRICE, currency: 'AUD' }],
    }),
  });
  expect(response.status, await response.clone().text()).toBe(201);
  const { event } = (await response.json()) as { event: CreatedEvent };
  return { id: event.id, title: event.title };
}

/** The member books one slot of the event on its page and pays with 4242 through the simulator. */
async function bookOneSlotWith4242(page: Page, baseUrl: string, event: CreatedEvent) {
  await page.goto(`${baseUrl}/events/${event.id}`);
  await page.getByRole('heading', { name: event.title }).waitFor();
  await page.getByRole('button', { name: 'Book your slots' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Add one Player', exact: true }).click();
  await payBookingWith4242(page, JACK, TOTAL);
}

/** Until the page's transitions (a dialog opening) have run, so a screenshot shows it as people see it. */
const settled = (page: Page) =>
  // A function, not a string: the app's CSP refuses eval. (This project has no DOM types.)
  page.waitForFunction(() =>
    (globalThis as unknown as { document: { getAnimations(): Array<{ playState: string }> } }).document
      .getAnimations()
      .every((animation) => animation.playState !== 'running'),
  );

describe('refunds in the browser: a member cancels a paid booking and sees it refunded, against make run', () => {
  const stack = sharedMakeRunForSuite();
  let member: Page;
  let admin: Page;
  const findings: Record<string, string[]> = {};
  let refundedEvent: CreatedEvent;
  let soonEvent: CreatedEvent;

  beforeAll(async () => {
    member = await (await stack.browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    admin = await (await stack.browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
    await logInAs(member, stack.url, JACK);
    await logInAs(admin, stack.url, ADMIN);
  });

  const bookingCard = (event: CreatedEvent) =>
    member.getByTestId('booking').filter({ has: member.getByRole('link', { name: event.title }) });

  it('when jack pays for a slot with 4242 and cancels it on My Bookings, then the dialog names the refund and the booking shows Refunded with the amount', async () => {
    refundedEvent = await publishPaidEvent(stack.url, `Refund Cup ${Date.now().toString(36)}`, 72);
    await bookOneSlotWith4242(member, stack.url, refundedEvent);

    await member.goto(`${stack.url}/my-bookings`);
    const card = bookingCard(refundedEvent);
    await card.getByTestId('booking-status').getByText('Confirmed').waitFor();
    expect(await card.getByTestId('booking-paid').textContent()).toBe(`1 slot, ${formatCents(TOTAL, 'AUD')}`);
    const cancel = card.getByRole('button', { name: `Cancel booking: ${refundedEvent.title}` });
    expect(await cancel.isEnabled()).toBe(true);
    expect(await card.getByTestId('booking-cutoff').count()).toBe(0);
    await screenshot(member, 'refunds-01-my-bookings-paid');
    findings.paidBooking = await seriousAccessibilityViolations(member);

    await cancel.click();
    const dialog = member.getByRole('dialog', { name: REFUND_MESSAGES.confirmTitle });
    await dialog.getByText(REFUND_MESSAGES.confirmBody(formatCents(TOTAL, 'AUD')), { exact: true }).waitFor();
    await settled(member);
    await screenshot(member, 'refunds-02-confirm-dialog');
    findings.confirmDialog = await seriousAccessibilityViolations(member);
    await dialog.getByRole('button', { name: 'Cancel booking' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // The refund is made at the simulator and its charge.refunded comes back through payments.
    await card.getByTestId('booking-status').getByText('Cancelled').waitFor({ timeout: 30_000 });
    await card
      .getByTestId('booking-refunded')
      .getByText(`${formatCents(TOTAL, 'AUD')} to your card`, { exact: true })
      .waitFor({ timeout: 30_000 });
    expect(await card.getByText(`${REFUND_MESSAGES.refunded}:`, { exact: true }).count()).toBe(1);
    expect(await card.getByRole('button', { name: /^Cancel booking/ }).count()).toBe(0);
    expect(await member.getByRole('alert').count()).toBe(0);
    await screenshot(member, 'refunds-03-my-bookings-refunded');
    findings.refundedBooking = await seriousAccessibilityViolations(member);
  });

  it(`when jack pays for a slot of an event starting within ${MEMBER_CANCEL_CUTOFF_HOURS} hours, then its Cancel button is disabled with the reason beside it`, async () => {
    const soon = await publishPaidEvent(stack.url, `Twilight Stableford ${Date.now().toString(36)}`, 12);
    soonEvent = soon;
    await bookOneSlotWith4242(member, stack.url, soon);

    await member.goto(`${stack.url}/my-bookings`);
    const card = bookingCard(soon);
    await card.getByTestId('booking-status').getByText('Confirmed').waitFor();
    const cancel = card.getByRole('button', { name: `Cancel booking: ${soon.title}` });
    expect(await cancel.isDisabled()).toBe(true);
    const reason = card.getByTestId('booking-cutoff');
    await reason.getByText(REFUND_MESSAGES.cutoffPassed, { exact: true }).waitFor();
    expect(await reason.isVisible()).toBe(true);
    // The reason is the button's description, for whoever cannot see it beside it.
    expect(await cancel.getAttribute('aria-describedby')).toBe(await reason.getAttribute('id'));
    await screenshot(member, 'refunds-04-my-bookings-cutoff');
    findings.cutoff = await seriousAccessibilityViolations(member);
  });

  it('when the admin opens bookings and transactions, then the refunded booking and its refund row are there, and cancelling a paid booking past the cut-off says it refunds', async () => {
    await admin.goto(`${stack.url}/admin/bookings?status=cancelled`);
    const row = admin.getByRole('row').filter({ hasText: refundedEvent.title });
    await row
      .getByRole('cell', { name: `${REFUND_MESSAGES.refunded} ${formatCents(TOTAL, 'AUD')}`, exact: true })
      .waitFor();
    await row.getByText('Cancelled').first().waitFor();
    await screenshot(admin, 'refunds-05-admin-bookings');
    findings.adminBookings = await seriousAccessibilityViolations(admin);

    // Past the member's cut-off an admin may still cancel: the dialog says the card gets it all back.
    await admin.goto(`${stack.url}/admin/bookings?status=confirmed`);
    const soonRow = admin.getByRole('row').filter({ hasText: soonEvent.title });
    await soonRow.getByRole('button', { name: /^Update status of/ }).click();
    const update = admin.getByRole('dialog', { name: 'Update Status' });
    await update.getByLabel('Status', { exact: true }).first().click();
    await admin.getByRole('option', { name: 'Cancelled', exact: true }).click();
    await update
      .getByTestId('refund-notice')
      .getByText(REFUND_MESSAGES.adminCancelRefunds(formatCents(TOTAL, 'AUD')), { exact: true })
      .waitFor();
    await settled(admin);
    await screenshot(admin, 'refunds-07-admin-cancel-dialog');
    findings.adminCancelDialog = await seriousAccessibilityViolations(admin);
    await update.getByRole('button', { name: 'Update Status' }).click();
    await update.waitFor({ state: 'hidden' });
    await admin.goto(`${stack.url}/admin/bookings?status=cancelled`);
    await admin
      .getByRole('row')
      .filter({ hasText: soonEvent.title })
      .getByRole('cell', { name: `${REFUND_MESSAGES.refunded} ${formatCents(TOTAL, 'AUD')}`, exact: true })
      .waitFor();

    await admin.goto(`${stack.url}/admin/transactions?type=charge.refunded`);
    const refund = admin
      .getByTestId('transaction')
      .filter({ hasText: 'Charge refunded' })
      .filter({ hasText: `event #${refundedEvent.id}` });
    await refund.waitFor();
    expect(await refund.textContent()).toContain(formatCents(TOTAL, 'AUD'));
    expect(await refund.getByTestId('transaction-booking').textContent()).toContain(
      `event #${refundedEvent.id}`,
    );
    await screenshot(admin, 'refunds-08-admin-transactions');
    findings.adminTransactions = await seriousAccessibilityViolations(admin);

    expect(findings).toEqual({
      paidBooking: [],
      confirmDialog: [],
      refundedBooking: [],
      cutoff: [],
      adminBookings: [],
      adminCancelDialog: [],
      adminTransactions: [],
    });
  });
});
