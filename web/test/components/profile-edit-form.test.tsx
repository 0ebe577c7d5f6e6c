import { NAME_MESSAGES } from '@linksmate/proto/rules';
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ProfileEditForm } from '../../src/features/profile/components/ProfileEditForm';
import { fakeApi, reply } from '../support/fake-api';
import { aProfileUser } from '../support/fixtures';
import { renderInApp } from '../support/render';

const MIA = { user_id: 5 };

function openForm() {
  const api = fakeApi();
  const onSaved = vi.fn();
  const onCancel = vi.fn();
  const app = renderInApp(
    <ProfileEditForm user={aProfileUser()} initialSection="basic" onSaved={onSaved} onCancel={onCancel} />,
    {
      at: '/profile?edit=1',
      path: '/profile',
      routes: [{ path: '/players', element: <h1>Find Players</h1> }],
      signedInAs: MIA,
    },
  );
  return { ...app, api, onSaved, onCancel };
}

const firstName = () => screen.getByRole('textbox', { name: /First Name/ });
const saveButton = () => screen.getByRole('button', { name: 'Save Changes' });

describe("the profile form's unsaved-changes guard (docs/product.md#account-screens)", () => {
  it('when nothing has changed, then Save is off, nothing is marked, and Cancel and leaving go without a question', async () => {
    const { user, router, onCancel } = openForm();
    expect(saveButton()).toBeDisabled();
    expect(screen.queryByText('Unsaved changes')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledOnce();
    await act(() => router.navigate('/players'));
    expect(screen.getByRole('heading', { name: 'Find Players' })).toBeInTheDocument();
  });

  it('when a field is changed and changed back, then it is marked unsaved and then no longer', async () => {
    const { user } = openForm();
    await user.clear(firstName());
    await user.type(firstName(), 'Maya');
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
    expect(saveButton()).toBeEnabled();

    await user.clear(firstName());
    await user.type(firstName(), 'Mia');
    expect(screen.queryByText('Unsaved changes')).not.toBeInTheDocument();
    expect(saveButton()).toBeDisabled();
  });

  it('when Cancel is pressed with changes, then it asks first; Keep editing keeps them, Discard changes leaves', async () => {
    const { user, onCancel } = openForm();
    await user.type(firstName(), 'h');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    const question = await screen.findByRole('dialog', { name: 'Discard your changes?' });
    expect(question).toHaveTextContent('You have unsaved changes. Are you sure you want to cancel?');

    await user.click(screen.getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(onCancel).not.toHaveBeenCalled();
    expect(firstName()).toHaveValue('Miah');

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(await screen.findByRole('button', { name: 'Discard changes' }));
    expect(onCancel).toHaveBeenCalledOnce();
  });

  it('when the person leaves for another page with changes, then it asks; Stay keeps the form, Leave page goes', async () => {
    const { user, router } = openForm();
    await user.type(firstName(), 'h');

    await act(() => router.navigate('/players'));
    expect(await screen.findByRole('dialog', { name: 'Leave without saving?' })).toHaveTextContent(
      'You have unsaved changes. Are you sure you want to leave this page?',
    );
    await user.click(screen.getByRole('button', { name: 'Stay' }));
    expect(router.state.location.pathname).toBe('/profile');
    expect(firstName()).toHaveValue('Miah');

    await act(() => router.navigate('/players'));
    await user.click(await screen.findByRole('button', { name: 'Leave page' }));
    expect(await screen.findByRole('heading', { name: 'Find Players' })).toBeInTheDocument();
  });

  it('when the tab is closed with changes, then the browser is asked to warn; without changes it is not', async () => {
    const { user } = openForm();
    const closing = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(closing()).toBe(false);
    await user.type(firstName(), 'h');
    expect(closing()).toBe(true);
  });

  it('when the changes are saved, then the form is sent without the unchanged picture, and leaving is no longer stopped', async () => {
    const { user, router, api, onSaved } = openForm();
    api.on('PUT /profile', { user: aProfileUser({ first_name: 'Maya' }), membership: null });
    await user.clear(firstName());
    await user.type(firstName(), 'Maya');
    await user.click(saveButton());

    await waitFor(() => expect(onSaved).toHaveBeenCalledOnce());
    const [sent] = api.sent('PUT /profile');
    expect(sent?.body).toMatchObject({ first_name: 'Maya', last_name: 'Gallo', manual_handicap: 12.4 });
    expect(sent?.body).not.toHaveProperty('profile_image_url');
    await act(() => router.navigate('/players'));
    expect(await screen.findByRole('heading', { name: 'Find Players' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('when the server refuses a field, then its words show at that field and the changes stay unsaved', async () => {
    const { user, api, onSaved } = openForm();
    api.on(
      'PUT /profile',
      reply(422, { error: 'Validation failed', errors: { username: 'Username is already taken' } }),
    );
    const username = screen.getByRole('textbox', { name: /Username/ });
    await user.clear(username);
    await user.type(username, 'jack');
    await user.click(saveButton());

    expect(await screen.findByText('Username is already taken')).toBeInTheDocument();
    expect(username).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('when a field breaks a rule, then nothing is sent and the spec words show at the field', async () => {
    const { user, api } = openForm();
    await user.clear(firstName());
    await user.type(screen.getByRole('textbox', { name: /Last Name/ }), 'x');
    await user.click(saveButton());
    expect(await screen.findByText(NAME_MESSAGES.firstNameRequired)).toBeInTheDocument();
    expect(api.sent('PUT /profile')).toEqual([]);
  });
});
