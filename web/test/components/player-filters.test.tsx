import type { DiscoveryReply } from '@linksmate/proto';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PlayersPage } from '../../src/features/players/routes/PlayersPage';
import { fakeApi } from '../support/fake-api';
import { renderInApp } from '../support/render';

const MEMBER = { user_id: 3, role: 'member' };
/** Thirty golfers match (none drawn here): an address on the second page stays there. */
const thirty: DiscoveryReply = { users: [], total_count: 30 };

async function openPlayers(at = '/players') {
  const api = fakeApi().on('GET /discovery/members', thirty);
  const app = renderInApp(<PlayersPage />, { at, path: '/players', signedInAs: MEMBER });
  const form = await screen.findByRole('form', { name: 'Player filters' });
  return { ...app, api, form };
}

type User = Awaited<ReturnType<typeof openPlayers>>['user'];

async function choose(user: User, form: HTMLElement, field: string, option: string) {
  const input = within(form).getByRole('combobox', { name: field });
  await user.click(input);
  await waitFor(() => expect(input).toHaveAttribute('aria-controls'));
  const list = document.getElementById(input.getAttribute('aria-controls') ?? '') as HTMLElement;
  await user.click(within(list).getByRole('option', { name: option, hidden: true }));
}

const lastSearch = (api: Awaited<ReturnType<typeof openPlayers>>['api']) => {
  const query = api.sent('GET /discovery/members').at(-1)!.query;
  return Object.fromEntries(query.entries());
};

describe("Find Players' filter form (docs/product.md#community-screens 'Player Discovery')", () => {
  it('when filters are chosen, then nothing is asked until Apply Filters, which asks for them from the first page and puts them in the address', async () => {
    const { user, form, api, router } = await openPlayers('/players?offset=10');
    await waitFor(() => expect(api.sent('GET /discovery/members')).toHaveLength(1));
    await choose(user, form, 'Skill Level', 'Advanced');
    await choose(user, form, 'Availability Status', 'Currently Playing');
    expect(api.sent('GET /discovery/members')).toHaveLength(1);

    await user.click(within(form).getByRole('button', { name: 'Apply Filters' }));
    await waitFor(() =>
      expect(lastSearch(api)).toEqual({
        skill_level: 'advanced',
        availability_status: 'Playing',
        limit: '10',
        offset: '0',
      }),
    );
    const address = new URLSearchParams(router.state.location.search);
    expect(address.get('skill_level')).toBe('advanced');
    expect(address.get('availability_status')).toBe('Playing');
  });

  it('when the address goes back to another search, then the form shows that search’s filters', async () => {
    const { user, form, router } = await openPlayers('/players?skill_level=beginner');
    expect(within(form).getByRole('combobox', { name: 'Skill Level' })).toHaveValue('Beginner');
    await choose(user, form, 'Skill Level', 'Pro');
    await user.click(within(form).getByRole('button', { name: 'Apply Filters' }));
    await waitFor(() => expect(router.state.location.search).toContain('skill_level=pro'));

    await act(() => router.navigate(-1));
    await waitFor(() =>
      expect(within(form).getByRole('combobox', { name: 'Skill Level' })).toHaveValue('Beginner'),
    );
    expect(within(form).getByRole('combobox', { name: 'Availability Status' })).toHaveValue(
      'Any Availability',
    );
  });
});
