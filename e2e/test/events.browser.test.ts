import type { BrowserContext, Page, Request } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { EVENT_MESSAGES, formatCents, gstOnCents, VENUE_MESSAGES } from '../../proto/src/rules';
import {
  demoToken,
  logInAs as logIn,
  payBookingWith4242,
  screenshot,
  screenshotOf,
  seriousAccessibilityViolations,
  userIdOfToken,
} from '../src/page-helpers';
import { sharedMakeRunForSuite } from '../src/suite';

const OLIVIA = 'olivia@linksmate.dev';
const JACK = 'jack@linksmate.dev';
const ADMIN = 'admin@linksmate.dev';

const apiToken = demoToken;

async function apiGet<T>(baseUrl: string, path: string, token?: string): Promise<T> {
  const response = await fetch(`${baseUrl}/api/v1${path}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
}

interface ListedEvent {
  id: number;
  title: string;
  has_paid_slots: boolean;
  capacity: number;
  current_participant_count: number;
  start_time: string;
  user_booking_status: string | null;
}
interface SlotType {
  id: number;
  name: string;
  price_per_ticket: number;
  currency: string;
  is_active: boolean;
}

/**
 * A paid official event with room for two more: one of the demo data's, or (before the demo events
 * exist) one the demo admin publishes through the admin API, as the admin screen would.
 */
async function paidEventWithRoom(baseUrl: string, jackToken: string) {
  const { events } = await apiGet<{ events: ListedEvent[] }>(
    baseUrl,
    '/events?event_type=linksmate_event&limit=100',
    jackToken,
  );
  for (const event of events) {
    if (!event.has_paid_slots || event.user_booking_status) continue;
    if (event.capacity - event.current_participant_count < 2) continue;
    const { ticket_types } = await apiGet<{ ticket_types: SlotType[] }>(
      baseUrl,
      `/events/${event.id}/ticket-types`,
    );
    const slot = ticket_types.find((type) => type.is_active && type.price_per_ticket > 0);
    if (slot) return { id: event.id, title: event.title, slot };
  }
  const admin = await apiToken(baseUrl, ADMIN);
  const { venues } = await apiGet<{ venues: Array<{ id: number }> }>(baseUrl, '/venues?limit=1');
  const start = new Date(Date.now() + 3 * 86_400_000);
  start.setUTCHours(22, 0, 0, 0);
  const response = await fetch(`${baseUrl}/api/v1/events/linksmate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` },
    body: JSON.stringify({
      title: `Clinic and nine holes ${Date.now().toString(36)}`,
      description: 'A short-game clinic with a coach, then nine holes in groups of four.',
      venue_id: venues[0]!.id,
      start_time: start.toISOString(),
      end_time: new Date(start.getTime() + 4 * 3_600_000).toISOString(),
      capacity: 20,
      currency: 'AUD',
      status: 'open',
      ticket_types: [{ name: 'Standard Admission', price_per_ticket: 4500, currency: 'AUD' }],
    }),
  });
  expect(response.status, await response.clone().text()).toBe(201);
  const created = (await response.json()) as { event: ListedEvent; ticket_types: SlotType[] };
  return { id: created.event.id, title: created.event.title, slot: created.ticket_types[0]! };
}

/** The bell's accessible name for an unread count. */
const bellName = (unread: number) => (unread ? `Notifications, ${unread} unread` : 'Notifications');

describe('member games, join approval and bookings in the browser, against make run', () => {
  const stack = sharedMakeRunForSuite();
  let olivia: BrowserContext;
  let jack: BrowserContext;
  let oliviaPage: Page;
  let jackPage: Page;
  const findings: Record<string, string[]> = {};

  beforeAll(async () => {
    olivia = await stack.browser.newContext({ viewport: { width: 1280, height: 900 } });
    jack = await stack.browser.newContext({ viewport: { width: 1280, height: 900 } });
    oliviaPage = await olivia.newPage();
    jackPage = await jack.newPage();
    await logIn(oliviaPage, stack.url, OLIVIA);
    await logIn(jackPage, stack.url, JACK);
  });

  it("when olivia creates a game, jack asks to join and olivia approves on My Created Games, then jack's open event page says Joined without reloading", async () => {
    const page = oliviaPage;
    const title = `Twilight nine ${Date.now().toString(36)}`;
    await page.goto(`${stack.url}/create-game`);
    await page.getByRole('heading', { name: 'Create Game', level: 1 }).waitFor();
    await page.getByTestId('venue-options').waitFor();
    // Spec 2: four players, free, AUD, pay at venue; start at the next full hour.
    expect(await page.getByLabel('Capacity', { exact: true }).inputValue()).toBe('4');
    expect(await page.getByRole('combobox', { name: 'Currency' }).inputValue()).toBe('AUD');
    expect(await page.getByRole('combobox', { name: 'Payment method' }).count()).toBe(0);
    await screenshot(page, '70-create-game');
    findings.createGame = await seriousAccessibilityViolations(page);

    // Nothing filled in: the spec's messages, at their fields.
    await page.getByRole('button', { name: 'Create Game' }).click();
    await page.getByText('Please enter a title for your game').waitFor();
    await page.getByText('Please select a venue').waitFor();
    await screenshot(page, '71-create-game-errors');

    // Numbers stay as typed: a negative, zero or too large one is kept and named at its field, never
    // clamped (a -5 price once became a paid $5 game), and nothing is sent.
    const gamePosts: string[] = [];
    const recordGamePost = (request: Request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/v1/member-games'))
        gamePosts.push(request.url());
    };
    page.on('request', recordGamePost);
    const capacityInput = page.getByLabel('Capacity', { exact: true });
    const priceInput = page.getByLabel('Price per player', { exact: true });
    await capacityInput.fill('0');
    await priceInput.fill('-5');
    await page.getByRole('button', { name: 'Create Game' }).click();
    await page.getByText(EVENT_MESSAGES.capacityMin).waitFor();
    await page.getByText(EVENT_MESSAGES.priceNegative).waitFor();
    expect(EVENT_MESSAGES.capacityMin).toBe('Capacity must be at least 1');
    expect(EVENT_MESSAGES.priceNegative).toBe('Price cannot be negative');
    // Leaving the fields (blur) rewrites nothing either.
    await page.getByRole('textbox', { name: /^Title/ }).focus();
    expect(await capacityInput.inputValue()).toBe('0');
    expect(await priceInput.inputValue()).toBe('-5');
    await screenshot(page, '71b-create-game-number-errors');
    await capacityInput.fill('-3');
    await page.getByRole('button', { name: 'Create Game' }).click();
    await page.getByText(EVENT_MESSAGES.capacityMin).waitFor();
    expect(await capacityInput.inputValue()).toBe('-3');
    expect(gamePosts).toEqual([]);
    await capacityInput.fill('75');
    await page.getByRole('button', { name: 'Create Game' }).click();
    await page.getByText(EVENT_MESSAGES.capacityMax).waitFor();
    expect(await capacityInput.inputValue()).toBe('75');
    await capacityInput.fill('4');
    await priceInput.fill('0');

    // Add New Venue: the name is required; a venue sent goes to review, and the form says so.
    await page.getByRole('button', { name: 'Add New Venue' }).click();
    const venueDialog = page.getByRole('dialog', { name: 'Add New Venue' });
    await venueDialog.getByRole('button', { name: 'Submit venue' }).click();
    await venueDialog.getByText(VENUE_MESSAGES.nameRequired).waitFor();
    await venueDialog.getByLabel('Venue name').fill(`Backyard nets ${Date.now().toString(36)}`);
    await venueDialog.getByLabel('City').fill('Geelong');
    await screenshot(page, '72-add-venue');
    findings.addVenue = await seriousAccessibilityViolations(page);
    await venueDialog.getByRole('button', { name: 'Submit venue' }).click();
    await page.getByRole('status').getByText(VENUE_MESSAGES.submitted).waitFor();
    // The dialog closes (after its closing transition).
    await venueDialog.waitFor({ state: 'hidden' });

    await page.getByRole('textbox', { name: /^Title/ }).fill(title);
    await page
      .getByLabel('Description', { exact: true })
      .fill('Nine holes after work, walking. All standards welcome.');
    // The venue picker: a page of ten, searched by name.
    expect(await page.getByTestId('venue-options').getByRole('radio').count()).toBe(10);
    const firstVenue = page.getByTestId('venue-options').getByRole('radio').first();
    const venueName = (await firstVenue.getByTestId('venue-option-name').textContent())!;
    await page.getByLabel('Search venues').fill(venueName.slice(0, 8));
    await page.getByTestId('venue-options').getByRole('radio', { name: venueName }).first().click();
    await page.getByTestId('selected-venue').getByText(venueName).waitFor();
    await page.getByRole('button', { name: 'Tomorrow 9AM' }).click();
    await page.getByRole('button', { name: '+2 hours' }).click();
    // A decimal typed key by key stays as typed ('.' is not swallowed into 25), is named at its
    // field, and the game is not sent until the capacity is whole.
    await capacityInput.fill('');
    await capacityInput.pressSequentially('2.5');
    await page.getByRole('button', { name: 'Create Game' }).click();
    await page.getByText(EVENT_MESSAGES.capacityWhole).waitFor();
    expect(await capacityInput.inputValue()).toBe('2.5');
    expect(gamePosts).toEqual([]);
    await capacityInput.fill('4');
    await page.getByRole('button', { name: 'Create Game' }).click();
    await page.waitForURL(/\/events\/\d+$/);
    page.off('request', recordGamePost);
    expect(gamePosts).toHaveLength(1);
    const gameId = Number(new URL(page.url()).pathname.split('/').pop());
    await page.getByRole('heading', { name: title }).waitFor();

    // Editing: a 0 capacity and a -5 price stay as typed and are named; Cancel leaves the game as it was.
    await page.getByRole('button', { name: 'Edit event' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit event' });
    await edit.getByLabel('Capacity').fill('0');
    await edit.getByLabel('Price per person').fill('-5');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await edit.getByText(EVENT_MESSAGES.editCapacity).waitFor();
    await edit.getByText(EVENT_MESSAGES.priceNegative).waitFor();
    expect(await edit.getByLabel('Capacity').inputValue()).toBe('0');
    expect(await edit.getByLabel('Price per person').inputValue()).toMatch(/^-5(\.00)?$/);
    await screenshot(page, '72b-edit-event-number-errors');
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await edit.waitFor({ state: 'hidden' });

    // Olivia watches her games while jack asks: the request arrives by push.
    await page.goto(`${stack.url}/my-games`);
    const card = page.getByTestId('my-game').filter({ has: page.getByRole('heading', { name: title }) });
    await card.waitFor();
    const joinedBefore = (await card.getByTestId('participants').textContent())!;

    await jackPage.goto(`${stack.url}/events/${gameId}`);
    await jackPage.getByRole('heading', { name: title }).waitFor();
    await screenshot(jackPage, '73-event-game');
    findings.eventDetail = await seriousAccessibilityViolations(jackPage);
    await jackPage.getByRole('button', { name: 'Request to Join' }).click();
    const joinDialog = jackPage.getByRole('dialog', { name: 'Request to join' });
    await joinDialog.getByLabel('Notes (optional)').fill('Usually around 90. Happy to walk.');
    await joinDialog.getByRole('button', { name: 'Send request' }).click();
    await jackPage.getByTestId('join-standing').getByText('Your request is pending approval').waitFor();
    // From here on, the page must change without being loaded again.
    await jackPage.evaluate('window.__notReloaded = true');
    // Jack's bell, settled on what the server counts before the approval (docs/product.md#notifications).
    const { unread_count: jackUnreadBefore } = await apiGet<{ unread_count: number }>(
      stack.url,
      '/notifications/unread-count',
      await apiToken(stack.url, JACK),
    );
    await jackPage.getByRole('link', { name: bellName(jackUnreadBefore), exact: true }).waitFor();

    await card.getByTestId('join-request').waitFor({ timeout: 15_000 });
    await card.getByTestId('pending-count').getByText('1 pending request').waitFor();
    expect(await card.getByTestId('join-request').textContent()).toContain('Usually around 90');
    await screenshot(page, '74-my-games-request');
    findings.myGames = await seriousAccessibilityViolations(page);

    await card.getByRole('button', { name: /^Approve / }).click();
    await card.getByText('No join requests waiting.').waitFor();
    const [before, capacity] = joinedBefore.split(' / ').map((part) => Number.parseInt(part, 10));
    await card
      .getByTestId('participants')
      .getByText(`${before! + 1} / ${capacity} joined`)
      .waitFor();
    expect(await card.getByTestId('pending-count').count()).toBe(0);
    await screenshot(page, '75-my-games-approved');

    await jackPage.getByTestId('booking-badge').getByText('Joined').waitFor({ timeout: 15_000 });
    await jackPage.getByTestId('join-standing').getByText('You have joined this event').waitFor();
    // The approval reaches jack's bell by push: one more unread, still without a reload.
    await jackPage
      .getByRole('link', { name: bellName(jackUnreadBefore + 1), exact: true })
      .waitFor({ timeout: 15_000 });
    expect(await jackPage.evaluate('window.__notReloaded')).toBe(true);
    await screenshot(jackPage, '76-event-joined');

    // The notification centre lists it first, unread, and opening it leads back to the game.
    await jackPage.getByRole('link', { name: bellName(jackUnreadBefore + 1), exact: true }).click();
    await jackPage.getByRole('heading', { name: 'Notifications', level: 1 }).waitFor();
    const approval = jackPage.getByTestId('notification').first();
    await approval.getByText(`You're in: ${title}`).waitFor();
    await screenshot(jackPage, '76b-notifications');
    findings.notifications = await seriousAccessibilityViolations(jackPage);
    await approval.click();
    await jackPage.waitForURL(`${stack.url}/events/${gameId}`);
    await jackPage.getByRole('link', { name: bellName(jackUnreadBefore), exact: true }).waitFor();

    await jackPage.goto(`${stack.url}/my-bookings`);
    await jackPage.getByRole('heading', { name: 'My Bookings', level: 1 }).waitFor();
    const booking = jackPage
      .getByTestId('booking')
      .filter({ has: jackPage.getByRole('link', { name: title }) });
    await booking.getByTestId('booking-status').getByText('Confirmed').waitFor();
    expect(await booking.textContent()).toContain('Usually around 90');
    await jackPage.locator('.mantine-SegmentedControl-root').getByText('Pending', { exact: true }).click();
    await jackPage.waitForURL((url) => url.searchParams.get('status') === 'pending');
    // The confirmed game leaves the list once the pending filter's answer is shown.
    await jackPage.getByRole('link', { name: title }).first().waitFor({ state: 'detached' });
  });

  it('when olivia approves a request on a game that filled meanwhile, then the alert says the event is full', async () => {
    const post = async (path: string, token: string, body: object, method = 'POST') => {
      const response = await fetch(`${stack.url}/api/v1${path}`, {
        method,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(body),
      });
      expect(response.status, `${method} ${path}`).toBeLessThan(300);
      return (await response.json()) as { id: number; booking: { id: number } };
    };
    const oliviaToken = await apiToken(stack.url, OLIVIA);
    const { venues } = await apiGet<{ venues: Array<{ id: number }> }>(stack.url, '/venues?limit=1');
    const title = `Solo hit ${Date.now().toString(36)}`;
    const start = new Date(Date.now() + 2 * 86_400_000);
    const game = await post('/member-games', oliviaToken, {
      title,
      venue_id: venues[0]!.id,
      start_time: start.toISOString(),
      capacity: 1,
      price_per_participant: 0,
    });
    const jackRequest = await post(`/events/${game.id}/join`, await apiToken(stack.url, JACK), {});
    await post(`/events/${game.id}/join`, await apiToken(stack.url, ADMIN), {});
    await oliviaPage.goto(`${stack.url}/my-games`);
    const card = oliviaPage
      .getByTestId('my-game')
      .filter({ has: oliviaPage.getByRole('heading', { name: title }) });
    await card.getByTestId('pending-count').getByText('2 pending requests').waitFor();
    // Jack's is approved elsewhere (another tab): the one seat is gone before olivia clicks.
    await post(
      `/member-games/${game.id}/join-requests/${jackRequest.booking.id}/approve`,
      oliviaToken,
      {},
      'PUT',
    );
    await card.getByRole('button', { name: /^Approve Alex/ }).click();
    await card
      .getByRole('alert')
      .getByText(`Failed to approve join request: ${EVENT_MESSAGES.eventFull}`)
      .waitFor();
    await screenshot(oliviaPage, '77-my-games-approve-full');
    await oliviaPage.setViewportSize({ width: 390, height: 844 });
    await screenshot(oliviaPage, '77-my-games-approve-full-390');
    await oliviaPage.setViewportSize({ width: 1280, height: 900 });
  });

  it('when jack buys two slots of a paid official event with 4242, then My Bookings shows them and what he paid', async () => {
    const page = jackPage;
    const paid = await paidEventWithRoom(stack.url, await apiToken(stack.url, JACK));
    await page.goto(`${stack.url}/events/${paid.id}`);
    await page.getByRole('heading', { name: paid.title }).waitFor();
    // The tab is named after the event (its HTML comes so from the gateway), and only there.
    expect(await page.title()).toBe(`${paid.title} — LinksMate`);
    await page.getByRole('link', { name: 'Back to Events', exact: true }).click();
    await page.waitForURL(`${stack.url}/events`);
    await expect.poll(() => page.title()).toBe('LinksMate — golf partners, coaches and courses');
    await page.goBack();
    await page.getByRole('heading', { name: paid.title }).waitFor();
    await expect.poll(() => page.title()).toBe(`${paid.title} — LinksMate`);
    findings.paidEvent = await seriousAccessibilityViolations(page);
    await page.getByRole('button', { name: 'Book your slots' }).click();
    const dialog = page.getByRole('dialog');
    const add = dialog.getByRole('button', { name: `Add one ${paid.slot.name}`, exact: true });
    await add.click();
    await add.click();
    const subtotal = 2 * paid.slot.price_per_ticket;
    const total = subtotal + gstOnCents(subtotal);
    await dialog.getByText(formatCents(total, paid.slot.currency), { exact: true }).waitFor();
    await screenshot(page, '77-slot-selection');
    findings.slotSelection = await seriousAccessibilityViolations(page);
    await payBookingWith4242(page, JACK, total, paid.slot.currency);

    await page.goto(`${stack.url}/my-bookings?status=confirmed`);
    const booking = page.getByTestId('booking').filter({ has: page.getByRole('link', { name: paid.title }) });
    await booking.getByTestId('booking-status').getByText('Confirmed').waitFor();
    expect(await booking.getByTestId('booking-paid').textContent()).toBe(
      `2 slots, ${formatCents(total, paid.slot.currency)}`,
    );
    // Paid by card: cancelled, and refunded, from here (until the cut-off before the start).
    expect(await booking.getByRole('button', { name: /^Cancel booking/ }).count()).toBe(1);
    // The feed's address is shown once; after that (jack saw it above) a new one is made.
    const feedUrl = page.getByTestId('calendar-feed-url');
    const makeNew = page.getByRole('button', { name: 'Make a new link' });
    await feedUrl.or(makeNew).first().waitFor();
    if (await makeNew.isVisible()) {
      await makeNew.click();
      await page.getByRole('dialog').getByRole('button', { name: 'Reset link' }).click();
    }
    await feedUrl.waitFor();
    expect(await page.getByTestId('calendar-feed-url').inputValue()).toMatch(/^https?:\/\/.+/);
    await screenshot(page, '78-my-bookings');
    findings.myBookings = await seriousAccessibilityViolations(page);

    // The .ics the card links to is a calendar with the event in it.
    const ics = await fetch(`${stack.url}/api/v1/events/${paid.id}/calendar.ics`);
    expect(ics.status).toBe(200);
    expect(await ics.text()).toContain('BEGIN:VEVENT');
  });

  it('when a full paid event gains a seat, then olivia, first on its waitlist, sees the offer live, accepts, pays with 4242 and finds the seat in My Bookings', async () => {
    const admin = await apiToken(stack.url, ADMIN);
    const jackToken = await apiToken(stack.url, JACK);
    const jackId = userIdOfToken(jackToken);
    const call = async (method: string, path: string, body: unknown) => {
      const response = await fetch(`${stack.url}/api/v1${path}`, {
        method,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` },
        body: JSON.stringify(body),
      });
      expect(response.status, `${method} ${path}: ${await response.clone().text()}`).toBeLessThan(300);
      return response.json();
    };
    const { venues } = await apiGet<{ venues: Array<{ id: number }> }>(stack.url, '/venues?limit=1');
    const start = new Date(Date.now() + 6 * 86_400_000);
    start.setUTCHours(21, 0, 0, 0);
    const title = `Pro-Am Practice Day ${Date.now().toString(36)}`;
    const price = 3000;
    const { event } = (await call('POST', '/events/linksmate', {
      title,
      description: 'Nine holes with a touring pro; one seat only.',
      venue_id: venues[0]!.id,
      start_time: start.toISOString(),
      end_time: new Date(start.getTime() + 3 * 3_600_000).toISOString(),
      capacity: 1,
      currency: 'AUD',
      ticket_types: [{ name: 'Practice Day', price_per_ticket: price, currency: 'AUD' }],
    })) as { event: ListedEvent };
    await call('POST', `/admin/events/${event.id}/add-user`, { user_id: jackId });

    const page = oliviaPage;
    await page.goto(`${stack.url}/events/${event.id}`);
    await page.getByRole('heading', { name: title }).waitFor();
    await page.getByRole('button', { name: 'Join waitlist' }).click();
    await page.getByText('You are #1 on the waitlist').waitFor();

    // The organiser makes room: the seat is held for the first in line, who hears it over the socket.
    await call('PUT', `/events/${event.id}`, { capacity: 2 });
    const accept = page.getByRole('button', { name: 'Accept and pay' });
    await accept.waitFor({ timeout: 15_000 });
    await page.getByText(/A seat is held for you until/).waitFor();
    await screenshot(page, '78w-waitlist-offer');
    findings.waitlistOffer = await seriousAccessibilityViolations(page);

    await accept.click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Add one Practice Day' }).click();
    const total = price + gstOnCents(price);
    await payBookingWith4242(page, OLIVIA, total);
    const after = await apiGet<ListedEvent & { waitlist_count: number }>(stack.url, `/events/${event.id}`);
    expect(after).toMatchObject({ current_participant_count: 2, capacity: 2, waitlist_count: 0 });

    await page.goto(`${stack.url}/my-bookings?status=confirmed`);
    const booking = page.getByTestId('booking').filter({ has: page.getByRole('link', { name: title }) });
    await booking.getByTestId('booking-status').getByText('Confirmed').waitFor();
    expect(await booking.getByTestId('booking-paid').textContent()).toBe(
      `1 slot, ${formatCents(total, 'AUD')}`,
    );
  });

  it('when the event listings and a phone-sized My Bookings are opened, then they pass axe', async () => {
    await jackPage.goto(`${stack.url}/events`);
    await jackPage.getByRole('heading', { name: 'Event Listings', level: 1 }).waitFor();
    await jackPage.locator('a[href^="/events/"]').first().waitFor();
    await screenshot(jackPage, '79-events');
    findings.events = await seriousAccessibilityViolations(jackPage);

    const phone = await stack.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await phone.newPage();
    await logIn(page, stack.url, OLIVIA);
    await page.goto(`${stack.url}/my-bookings`);
    await page.getByRole('heading', { name: 'My Bookings', level: 1 }).waitFor();
    await page.getByTestId('calendar-feed-url').waitFor();
    await screenshot(page, '80-my-bookings-390');
    findings.myBookingsPhone = await seriousAccessibilityViolations(page);
    await page.goto(`${stack.url}/create-game`);
    await page.getByTestId('venue-options').waitFor();
    await screenshot(page, '81-create-game-390');
    findings.createGamePhone = await seriousAccessibilityViolations(page);
    // On a phone the bell sits beside the burger, and leads to the notification centre.
    await page.getByRole('link', { name: /^Notifications/ }).click();
    await page.getByRole('heading', { name: 'Notifications', level: 1 }).waitFor();
    await screenshot(page, '82-notifications-390');
    findings.notificationsPhone = await seriousAccessibilityViolations(page);
    // How each kind reaches her is chosen on her profile, saved at once.
    await page.goto(`${stack.url}/profile`);
    const settings = page.getByRole('region', { name: 'Notifications' });
    await settings.getByRole('combobox', { name: 'New direct message' }).selectOption('email');
    await settings.getByText('Notification settings saved').waitFor();
    await screenshotOf(settings, '83-notification-settings-390');
    findings.notificationSettingsPhone = await seriousAccessibilityViolations(page);
    await phone.close();

    expect(findings).toEqual({
      createGame: [],
      addVenue: [],
      eventDetail: [],
      myGames: [],
      notifications: [],
      paidEvent: [],
      slotSelection: [],
      myBookings: [],
      waitlistOffer: [],
      events: [],
      myBookingsPhone: [],
      createGamePhone: [],
      notificationsPhone: [],
      notificationSettingsPhone: [],
    });
  });
});
