import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ConfirmDialog } from '../../src/components/ConfirmDialog';
import { renderInApp } from '../support/render';

describe("a dialog's landmarks (axe's landmark-no-duplicate-banner)", () => {
  it("when a dialog is open over a page with its banner, then the page has one banner and the dialog's title and close stay", async () => {
    renderInApp(
      <>
        <header>LinksMate</header>
        <ConfirmDialog
          opened
          title="Delete User"
          message="This is permanent and cannot be undone."
          confirmLabel="Delete User"
          cancelLabel="Cancel"
          onConfirm={() => {}}
          onCancel={() => {}}
        />
      </>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Delete User' });
    expect(dialog.querySelector('header')).not.toBeNull();
    expect(screen.getAllByRole('banner')).toHaveLength(1);
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
  });
});
