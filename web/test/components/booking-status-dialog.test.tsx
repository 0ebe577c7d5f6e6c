import type { AdminBooking, AdminBookingsReply } from '@linksmate/proto';
import { REFUND_MESSAGES } from '@linksmate/proto/rules';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BOOKING_TEXTS } from '../../src/features/admin-bookings/components/booking-text';
import { BookingsPage } from '../../src/features/admin-bookings/routes/BookingsPage';
import { fakeApi, held, reply } from '../support/fake-api';
import { dialogCloses, renderInApp } from '../support/render';

const ADMIN = { user_id: 1, role: 'admin' };

/** A confirmed booking paid by card: $27.50 taken, nothing refunded yet. */
const paid: AdminBooking = {
  id: 81,
  booking_status: 'confirmed',
  event_id: 41,
  event_title: 'Saturday Stableford',
  event_type: 'linksmate_event',
  event_start_time: '2026-12-05T21:00:00.000Z',
  event_end_time: null,
  user_id: 12,
  user_username: 'jack',
  user_email: 'jack@linksmate.dev',
  user_first_name: 'Jack',
  user_last_name: 'Golfer',
  notes: null,
  payment_intent_id_stripe: 'pi_paid',
  amount_paid: 2750,
  amount_refunded: 0,
  currency: 'AUD',
  seats: 1,
  venue_name: 'Royal Fairway',
  coach_username: null,
  booked_at: '2026-11-20T01:00:00.000Z',
  updated_at: '2026-11-20T01:00:00.000Z',
};

function bookingsServer() {
  return fakeApi().on('GET /admin/bookings', (): AdminBookingsReply => ({ bookings: [paid], total: 1 }));
}

async function openStatus() {
  const app = renderInApp(<BookingsPage />, { at: '/admin/bookings', signedInAs: ADMIN });
  await app.user.click(
    await screen.findByRole('button', { name: 'Update status of @jack’s booking for Saturday Stableford' }),
  );
  const dialog = await screen.findByRole('dialog', { name: 'Update Status' });
  return { ...app, dialog };
}

const updateButton = (dialog: HTMLElement) => within(dialog).getByRole('button', { name: 'Update Status' });

async function choose(
  user: Awaited<ReturnType<typeof openStatus>>['user'],
  dialog: HTMLElement,
  label: string,
) {
  const field = within(dialog).getByRole('combobox', { name: 'Status' });
  await user.click(field);
  // The page's own status filter has the same options: only this field's list is meant.
  await waitFor(() => expect(field).toHaveAttribute('aria-controls'));
  const list = document.getElementById(field.getAttribute('aria-controls') ?? '') as HTMLElement;
  await user.click(within(list).getByRole('option', { name: label, hidden: true }));
}

describe("the bookings' Update Status dialog (docs/product.md#admin-sections, #admin-states)", () => {
  it('when the choice is still the booking’s own status, then Update Status is disabled and nothing is sent', async () => {
    const api = bookingsServer();
    const { dialog } = await openStatus();
    expect(within(dialog).getByRole('combobox', { name: 'Status' })).toHaveValue('Confirmed');
    expect(updateButton(dialog)).toBeDisabled();
    expect(api.sent('PATCH /admin/bookings/:id/status')).toEqual([]);
  });

  it('when a paid booking is to be cancelled, then the refund is named, the new status is sent, and the button is busy until the answer', async () => {
    const api = bookingsServer();
    const answer = held<AdminBooking>();
    api.on('PATCH /admin/bookings/81/status', answer.answer);
    const { user, dialog } = await openStatus();
    await choose(user, dialog, 'Cancelled');
    expect(within(dialog).getByTestId('refund-notice')).toHaveTextContent(
      REFUND_MESSAGES.adminCancelRefunds('$27.50'),
    );
    await user.click(updateButton(dialog));

    await waitFor(() => expect(api.sent('PATCH /admin/bookings/:id/status')).toHaveLength(1));
    expect(api.sent('PATCH /admin/bookings/:id/status')[0]?.body).toEqual({ status: 'cancelled' });
    await waitFor(() => expect(updateButton(dialog)).toHaveAttribute('data-loading', 'true'));
    answer.release({ ...paid, booking_status: 'cancelled' });
    await dialogCloses('Update Status');
  });

  it("when the refund cannot be made, then the server's words show and the dialog stays open", async () => {
    const refusal = 'The refund could not be made, so the booking was not cancelled.';
    bookingsServer().on(
      'PATCH /admin/bookings/81/status',
      reply(502, { error: refusal, code: 'refund_failed' }),
    );
    const { user, dialog } = await openStatus();
    await choose(user, dialog, 'Cancelled');
    await user.click(updateButton(dialog));
    expect(await within(dialog).findByText(refusal)).toBeInTheDocument();
  });

  it('when any other failure comes back, then the spec’s words show, not the server’s', async () => {
    bookingsServer().on('PATCH /admin/bookings/81/status', reply(500, { error: 'Internal server error' }));
    const { user, dialog } = await openStatus();
    await choose(user, dialog, 'Completed');
    expect(within(dialog).queryByTestId('refund-notice')).not.toBeInTheDocument();
    await user.click(updateButton(dialog));
    expect(await within(dialog).findByText(BOOKING_TEXTS.updateFailed)).toBeInTheDocument();
  });
});
