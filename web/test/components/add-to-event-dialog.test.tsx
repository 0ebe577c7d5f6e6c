import type { Event } from '@linksmate/proto';
import { BOOKING_NOTES_MAX_LENGTH, EVENT_MESSAGES } from '@linksmate/proto/rules';
import { Button } from '@mantine/core';
import { screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { AddToEventDialog } from '../../src/components/AddToEventDialog';
import { ApiError, api } from '../../src/lib/api-client';
import { fakeApi, held, refusedText } from '../support/fake-api';
import { anEvent } from '../support/fixtures';
import { dialogCloses, renderInApp } from '../support/render';

/**
 * The dialog as a caller uses it: a stand-in person picker (a button picking Jack, id 12) and the
 * seat given through the real API client, busy while the request is on its way.
 */
function AddSeat({ event }: { event: Event }) {
  const [opened, setOpened] = useState(true);
  const [userId, setUserId] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <AddToEventDialog
      event={event}
      opened={opened}
      userId={userId}
      busy={busy}
      onAdd={(target, user_id, notes) => {
        setBusy(true);
        return api
          .post<{ message: string }>(`/admin/events/${target.id}/add-user`, { user_id, notes })
          .finally(() => setBusy(false));
      }}
      failureText={(error) => (error instanceof ApiError ? error.message : 'Failed')}
      onClose={() => setOpened(false)}
    >
      <Button onClick={() => setUserId('12')}>Pick Jack</Button>
    </AddToEventDialog>
  );
}

const ROUTE = 'POST /admin/events/:id/add-user';

async function openDialog(event = anEvent()) {
  const app = renderInApp(<AddSeat event={event} />, { signedInAs: { user_id: 1, role: 'admin' } });
  const dialog = await screen.findByRole('dialog', { name: 'Add user to event' });
  return { ...app, dialog };
}

const notesBox = (dialog: HTMLElement) => within(dialog).getByRole('textbox', { name: 'Notes (optional)' });
const addButton = (dialog: HTMLElement) => within(dialog).getByRole('button', { name: 'Add to event' });

describe("the 'Add user to event' dialog (docs/product.md#admin-sections 'Events management')", () => {
  it('when nobody is picked, then it asks for a person and sends nothing', async () => {
    const api = fakeApi();
    const { user, dialog } = await openDialog();
    await user.click(addButton(dialog));
    expect(await within(dialog).findByText(EVENT_MESSAGES.userRequired)).toBeInTheDocument();
    expect(api.sent(ROUTE)).toEqual([]);
  });

  it('when the notes are longer than the limit, then it says so under them, keeps every character and sends nothing', async () => {
    const api = fakeApi();
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Pick Jack' }));
    const pasted = 'n'.repeat(BOOKING_NOTES_MAX_LENGTH + 1);
    await user.click(notesBox(dialog));
    await user.paste(pasted);
    await user.click(addButton(dialog));
    expect(await within(dialog).findByText(EVENT_MESSAGES.notesTooLong)).toBeInTheDocument();
    expect(notesBox(dialog)).toHaveValue(pasted);
    expect(api.sent(ROUTE)).toEqual([]);
  });

  it('when a person is picked with notes, then the person and the trimmed notes are sent, the button is busy until the answer, and the dialog closes', async () => {
    const api = fakeApi();
    const answer = held<{ message: string }>();
    api.on('POST /admin/events/41/add-user', answer.answer);
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Pick Jack' }));
    await user.click(notesBox(dialog));
    await user.paste('  Walks the course  ');
    await user.click(addButton(dialog));

    await waitFor(() => expect(api.sent(ROUTE)).toHaveLength(1));
    expect(api.sent(ROUTE)[0]?.body).toEqual({ user_id: 12, notes: 'Walks the course' });
    await waitFor(() => expect(addButton(dialog)).toHaveAttribute('data-loading', 'true'));
    answer.release({ message: 'User added to event' });
    await dialogCloses('Add user to event');
  });

  it('when the server refuses, then its words show above the buttons, a refusal of the notes under them, and the notes stay', async () => {
    fakeApi().on('POST /admin/events/41/add-user', refusedText('notes'));
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Pick Jack' }));
    await user.click(notesBox(dialog));
    await user.paste('Walks');
    await user.click(addButton(dialog));
    expect(
      await within(dialog).findByText('Invalid body: notes contains characters that are not allowed'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('notes contains characters that are not allowed')).toBeInTheDocument();
    expect(notesBox(dialog)).toHaveValue('Walks');
  });

  it('when the event takes card payment, then it says the seat is complimentary; a free one does not', async () => {
    fakeApi();
    const paid = await openDialog(anEvent({ has_paid_slots: true }));
    expect(paid.dialog).toHaveTextContent(EVENT_MESSAGES.complimentarySeat);
    paid.unmount();
    const free = await openDialog(anEvent({ has_paid_slots: false, price_per_participant: 0 }));
    expect(free.dialog).not.toHaveTextContent(EVENT_MESSAGES.complimentarySeat);
  });
});
