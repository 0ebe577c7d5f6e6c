import { ADMIN_MESSAGES, BAN_REASON_MAX_LENGTH } from '@linksmate/proto/rules';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import { refusedFields, tooLong } from '../../../lib/form-errors';

/**
 * Ban one person or the selected ones (docs/product.md#admin-sections "Ban User", §5 "Bulk ban"): a confirmation with an
 * optional reason of at most BAN_REASON_MAX_LENGTH characters (docs/product.md#admin-validation). Each
 * opening starts without a reason; a refusal of the reason shows under it, the reason kept to mend.
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
  /** Bans; rejects with the server's refusal (the page says it too). */
  onConfirm(reason: string | null): Promise<unknown>;
  onClose(): void;
}) {
  const form = useForm({
    mode: 'controlled',
    initialValues: { reason: '' },
    validate: {
      reason: (reason) => tooLong(reason, BAN_REASON_MAX_LENGTH, ADMIN_MESSAGES.banReasonTooLong),
    },
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: only opening resets the form
  useEffect(() => {
    if (opened) form.reset();
  }, [opened]);

  const submit = ({ reason }: { reason: string }) =>
    onConfirm(reason.trim() || null).catch((error: unknown) => {
      const refused = refusedFields(error, (field) => (field === 'reason' ? field : undefined));
      if (refused) form.setErrors(refused.fields);
    });

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Ban User"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="md">
          <Text size="sm">Ban {who}? They are signed out at once and cannot log in until unbanned.</Text>
          <Textarea
            label="Reason (optional)"
            placeholder="Why is this account being banned?"
            {...form.getInputProps('reason')}
            autosize
            minRows={2}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" color="red.8" loading={busy}>
              Ban User
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
