import type { AdminClaimReply, AdminClaimsReply, AdminProfileClaim } from '@linksmate/proto';
import { CLAIM_ADMIN_NOTES_MAX_LENGTH, CLAIM_REVIEW_MESSAGES } from '@linksmate/proto/rules';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ProfileClaimsPage } from '../../src/features/admin-claims/routes/ProfileClaimsPage';
import { fakeApi, held, refusedText } from '../support/fake-api';
import { dialogCloses, renderInApp } from '../support/render';

const ADMIN = { user_id: 1, role: 'admin' };

/** A pending claim of coach Claire Iron's profile by Ella, whose account has her own name. */
function aClaim(patch: Partial<AdminProfileClaim> = {}): AdminProfileClaim {
  return {
    id: 5,
    user_id: 501,
    first_name: 'Ella',
    last_name: 'Morgan',
    user_email: 'ella.morgan@example.com',
    entity_type: 'coach',
    entity_id: 12,
    entity_name: 'Claire Iron',
    contact_email: 'ella.morgan@example.com',
    contact_phone: null,
    message: null,
    verification_documents: [],
    status: 'pending',
    admin_notes: null,
    created_at: '2026-11-20T01:00:00.000Z',
    decided_at: null,
    ...patch,
  };
}

function claimsServer(...claims: AdminProfileClaim[]) {
  const api = fakeApi();
  api.on(
    'GET /admin/profile-claims',
    (): AdminClaimsReply => ({
      claims,
      count: claims.length,
      counts: { pending: claims.length, approved: 0, rejected: 0, all: claims.length },
    }),
  );
  for (const claim of claims)
    api.on(`GET /admin/profile-claims/${claim.id}`, { claim } satisfies AdminClaimReply);
  return api;
}

async function openClaims() {
  const app = renderInApp(<ProfileClaimsPage />, { at: '/admin/profile-claims', signedInAs: ADMIN });
  await screen.findAllByTestId('claim-row');
  return app;
}

const rowOf = (text: string) =>
  screen.getAllByTestId('claim-row').find((row) => row.textContent?.includes(text))!;

async function openDetails(user: Awaited<ReturnType<typeof openClaims>>['user'], requester: string) {
  await user.click(
    screen.getByRole('button', { name: new RegExp(`^View Details of the claim by ${requester}`) }),
  );
  const dialog = await screen.findByRole('dialog', { name: 'Claim Details' });
  await within(dialog).findByText('Requester');
  return dialog;
}

/** A definition list's value for its label. */
const fieldOf = (dialog: HTMLElement, label: string) =>
  within(dialog).getByText(label, { selector: 'dt' }).nextElementSibling;

describe('the profile claims table and details (docs/product.md#admin-entities)', () => {
  it('when a coach profile is claimed by someone who named their account, then the Requester column names them with their e-mail and the profile column names the coach', async () => {
    claimsServer(aClaim());
    await openClaims();
    const [requester, claimed] = within(rowOf('Ella Morgan')).getAllByRole('cell');
    expect(requester).toHaveTextContent('Ella Morgan');
    expect(requester).toHaveTextContent('ella.morgan@example.com');
    expect(requester).not.toHaveTextContent('Claire Iron');
    expect(claimed).toHaveTextContent('Claire Iron');
    expect(claimed).toHaveTextContent('Coach #12');
  });

  it("when the claimant's account has no name yet, then the requester is the e-mail they gave (once), never the coach's name", async () => {
    claimsServer(aClaim({ first_name: null, last_name: null, user_email: 'rohan@example.com' }));
    const { user } = await openClaims();
    const [requester] = within(rowOf('rohan@example.com')).getAllByRole('cell');
    expect(requester!.textContent).toBe('rohan@example.com');
    const dialog = await openDetails(user, 'rohan@example.com');
    expect(fieldOf(dialog, 'Requester')).toHaveTextContent('Not given');
    expect(fieldOf(dialog, 'Account email')).toHaveTextContent('rohan@example.com');
    expect(fieldOf(dialog, 'Claimed profile')).toHaveTextContent('Coach #12 — Claire Iron');
  });

  it('when the details are open, then the requester is the account’s own name and the claimed profile the coach', async () => {
    claimsServer(aClaim());
    const { user } = await openClaims();
    const dialog = await openDetails(user, 'Ella Morgan');
    expect(fieldOf(dialog, 'Requester')).toHaveTextContent('Ella Morgan');
    expect(fieldOf(dialog, 'Claimed profile')).toHaveTextContent('Coach #12 — Claire Iron');
  });
});

describe("the claim's decision form (docs/product.md#admin-states, #admin-validation)", () => {
  const notesBox = (dialog: HTMLElement) => within(dialog).getByRole('textbox', { name: /Admin notes/ });
  const button = (dialog: HTMLElement, name: string) => within(dialog).getByRole('button', { name });

  it('when the notes are longer than the limit, then it says so under them, keeps every character and decides nothing', async () => {
    const api = claimsServer(aClaim());
    const { user } = await openClaims();
    const dialog = await openDetails(user, 'Ella Morgan');
    const pasted = 'n'.repeat(CLAIM_ADMIN_NOTES_MAX_LENGTH + 1);
    await user.click(notesBox(dialog));
    await user.paste(pasted);
    await user.click(button(dialog, 'Approve'));
    expect(await within(dialog).findByText(CLAIM_REVIEW_MESSAGES.adminNotesTooLong)).toBeInTheDocument();
    expect(notesBox(dialog)).toHaveValue(pasted);
    expect(api.sent('PUT /admin/profile-claims/:id')).toEqual([]);
  });

  it('when Reject is clicked with notes, then the decision and the trimmed notes are sent, Reject is busy and Approve off until the answer, and the dialog closes', async () => {
    const api = claimsServer(aClaim());
    const answer = held<AdminClaimReply>();
    api.on('PUT /admin/profile-claims/5', answer.answer);
    const { user } = await openClaims();
    const dialog = await openDetails(user, 'Ella Morgan');
    await user.click(notesBox(dialog));
    await user.paste('  No PGA card  ');
    await user.click(button(dialog, 'Reject'));

    await waitFor(() => expect(api.sent('PUT /admin/profile-claims/:id')).toHaveLength(1));
    expect(api.sent('PUT /admin/profile-claims/:id')[0]?.body).toEqual({
      status: 'rejected',
      admin_notes: 'No PGA card',
    });
    await waitFor(() => expect(button(dialog, 'Reject')).toHaveAttribute('data-loading', 'true'));
    expect(button(dialog, 'Approve')).toBeDisabled();
    answer.release({ claim: aClaim({ status: 'rejected', admin_notes: 'No PGA card' }) });
    await dialogCloses('Claim Details');
  });

  it('when a venue claim is approved, then the lists of venues and of coaches held elsewhere in the app are read again', async () => {
    const claim = aClaim({ entity_type: 'venue', entity_id: 40, entity_name: 'The Lakes Golf Club' });
    const api = claimsServer(claim);
    api.on('PUT /admin/profile-claims/5', { claim: { ...claim, status: 'approved' } });
    const { user, queryClient } = await openClaims();
    // What the venue directory and the coaches list keep, as another screen left them.
    queryClient.setQueryData(['venues', 'list'], { venues: [], count: 0 });
    queryClient.setQueryData(['coaches', 'list'], { coaches: [], count: 0 });
    const dialog = await openDetails(user, 'Ella Morgan');
    await user.click(button(dialog, 'Approve'));
    await dialogCloses('Claim Details');
    await waitFor(() => {
      expect(queryClient.getQueryState(['venues', 'list'])?.isInvalidated).toBe(true);
      expect(queryClient.getQueryState(['coaches', 'list'])?.isInvalidated).toBe(true);
    });
  });

  it('when the server refuses, then its words show above the buttons, a refusal of the notes under them, and the notes stay', async () => {
    claimsServer(aClaim()).on('PUT /admin/profile-claims/5', refusedText('admin_notes'));
    const { user } = await openClaims();
    const dialog = await openDetails(user, 'Ella Morgan');
    await user.click(notesBox(dialog));
    await user.paste('Checked');
    await user.click(button(dialog, 'Approve'));
    expect(
      await within(dialog).findByText(
        'Failed to approve or reject claim: Invalid body: admin_notes contains characters that are not allowed',
      ),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByText('admin_notes contains characters that are not allowed'),
    ).toBeInTheDocument();
    expect(notesBox(dialog)).toHaveValue('Checked');
  });
});
