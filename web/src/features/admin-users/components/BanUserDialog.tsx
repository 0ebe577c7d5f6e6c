import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';

/**
 * Ban one person or the selected ones (docs/product.md#admin-sections "Ban User", §5 "Bulk ban"): a confirmation with an
 * optional reason. Closing resets the reason.
 */
export function BanUserDialog({
  opened,
  who,
  busy,
  onConfirm,
  onClose,
}: {
  opened: boolean;
  /** "Olivia Nguyen", or "3 selected users". */
  who: string;
  busy: boolean;
  onConfirm(reason: string | null): void;
  onClose(): void;
}) {
  const [reason, setReason] = useState('');
  const close = () => {
    setReason('');
    onClose();
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Ban User"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="md">
        <Text size="sm">Ban {who}? They are signed out at once and cannot log in until unbanned.</Text>
        <Textarea
          label="Reason (optional)"
          placeholder="Why is this account being banned?"
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          maxLength={500}
          autosize
          minRows={2}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={busy}>
            Cancel
          </Button>
          <Button
            color="red.8"
            loading={busy}
            onClick={() => {
              onConfirm(reason.trim() || null);
              setReason('');
            }}
          >
            Ban User
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
