import type { Event } from '@linksmate/proto';
import { EVENT_MESSAGES } from '@linksmate/proto/rules';
import { Notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ADD_USER_TEXTS, AddUserDialog } from '../../src/entities/event/components/AddUserDialog';
import { eventsKeys } from '../../src/features/events/api/keys';
import { type FakeApi, fakeApi, reply } from '../support/fake-api';
import { anAdminUser, anEvent } from '../support/fixtures';
import { renderInApp } from '../support/render';

const event = anEvent({ id: 41, title: 'Saturday Stableford' });
const JACK = anAdminUser(12, 'Jack', { last_name: 'Nguyen', username: 'jackn', email: 'jack@linksmate.dev' });
const MIA = anAdminUser(13, 'Mia');
const ADD = 'POST /admin/events/41/add-user';

/** The admin's user search as the server answers it: who matches what was typed. */
function peopleServer() {
  const api = fakeApi();
  api.on('GET /admin/users', ({ query }: { query: URLSearchParams }) => {
    const search = (query.get('search') ?? '').toLowerCase();
    return {
      users: [JACK, MIA].filter((u) => `${u.first_name} ${u.last_name}`.toLowerCase().includes(search)),
    };
  });
  return api;
}

/** The dialog as it opens: the picker has the focus, so the admin types a name at once. */
async function openDialog(shown: Event = event) {
  const onClose = vi.fn();
  const app = renderInApp(
    <>
      <Notifications />
      <AddUserDialog event={shown} onClose={onClose} />
    </>,
    { signedInAs: { user_id: 1, role: 'site_admin' } },
  );
  const picker = await screen.findByRole('combobox', { name: 'User' });
  await waitFor(() => expect(picker).toHaveFocus());
  return { ...app, onClose };
}

const dialog = () => screen.getByRole('dialog', { name: 'Add user to event' });
/**
 * An option of the open picker. happy-dom lays nothing out, so the dropdown's positioning takes the
 * input for hidden and hides the list (display: none): options are found among hidden elements.
 */
const findOption = (name: string | RegExp) => screen.findByRole('option', { name, hidden: true });
const queryOption = (name: string | RegExp) => screen.queryByRole('option', { name, hidden: true });
const addButton = () => within(dialog()).getByRole('button', { name: 'Add to event' });

type User = Awaited<ReturnType<typeof openDialog>>['user'];

/** Types into the picker and waits until the server has been asked for what was typed. */
async function search(user: User, api: FakeApi, typed: string) {
  await user.type(within(dialog()).getByRole('combobox', { name: 'User' }), typed);
  await waitFor(() =>
    expect(api.sent('GET /admin/users').map((r) => r.query.get('search'))).toContain(typed),
  );
}

/** Searches and chooses the person the server found. */
async function pick(user: User, api: FakeApi, typed: string, label: RegExp) {
  await search(user, api, typed);
  await user.click(await findOption(label));
}

describe("the shared 'Add user to event' dialog (event page and admin events)", () => {
  it('when nobody is picked, then it asks for a person and gives no seat', async () => {
    const api = peopleServer();
    const { user } = await openDialog();
    await user.click(addButton());
    expect(await within(dialog()).findByText(EVENT_MESSAGES.userRequired)).toBeInTheDocument();
    expect(api.sent(ADD)).toEqual([]);
  });

  it('when part of a name is typed, then the server searches it and offers whom it found by name, username and e-mail', async () => {
    const api = peopleServer();
    const { user } = await openDialog();
    await search(user, api, 'nguy');
    await waitFor(() => expect(queryOption(/Mia/)).not.toBeInTheDocument());
    expect(await findOption('Jack Nguyen · @jackn · jack@linksmate.dev')).toBeInTheDocument();
  });

  it('when a person is picked with notes, then the seat is given, the server’s words show, the dialog closes and every events screen reads again', async () => {
    const api = peopleServer();
    api.on(ADD, { message: 'User added to event', booking: { id: 900 } });
    const { user, onClose, queryClient } = await openDialog();
    // What Event Listings and the admin's events table hold: both must be read again.
    queryClient.setQueryData(eventsKeys.list({}), { events: [event], count: 1 });
    queryClient.setQueryData([...eventsKeys.all, 'admin', 'events', 'list', {}], { events: [], total: 0 });
    await pick(user, api, 'jack', /Jack Nguyen/);
    await user.type(within(dialog()).getByRole('textbox', { name: 'Notes (optional)' }), '  Walks  ');
    await user.click(addButton());

    await waitFor(() => expect(onClose).toHaveBeenCalledOnce());
    expect(api.sent(ADD).map((r) => r.body)).toEqual([{ user_id: 12, notes: 'Walks' }]);
    expect(await screen.findByText('User added to event')).toBeInTheDocument();
    expect(queryClient.getQueryState(eventsKeys.list({}))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState([...eventsKeys.all, 'admin', 'events', 'list', {}])?.isInvalidated).toBe(
      true,
    );
  });

  it('when the server refuses, then its words show and the dialog stays; when it fails, the spec’s sentence does', async () => {
    const api = peopleServer();
    api.on(ADD, reply(409, { error: EVENT_MESSAGES.onePerPerson, code: 'already_booked' }));
    const { user, onClose } = await openDialog();
    await pick(user, api, 'jack', /Jack Nguyen/);
    await user.click(addButton());
    expect(await within(dialog()).findByText(EVENT_MESSAGES.onePerPerson)).toBeInTheDocument();

    api.on(ADD, reply(500, { error: 'Internal server error' }));
    await user.click(addButton());
    expect(await within(dialog()).findByText(ADD_USER_TEXTS.addFailed)).toBeInTheDocument();
    expect(within(dialog()).queryByText('Internal server error')).not.toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('when the people cannot be read, then it says so with Try Again, which asks again', async () => {
    const api = fakeApi();
    api.on('GET /admin/users', reply(500, { error: 'Internal server error' }));
    const { user } = await openDialog();
    expect(await within(dialog()).findByText(ADD_USER_TEXTS.loadFailed)).toBeInTheDocument();
    api.on('GET /admin/users', { users: [JACK] });
    await user.click(within(dialog()).getByRole('button', { name: 'Try Again' }));
    await waitFor(() =>
      expect(within(dialog()).queryByText(ADD_USER_TEXTS.loadFailed)).not.toBeInTheDocument(),
    );
    await pick(user, api, 'jack', /Jack Nguyen/);
  });
});
