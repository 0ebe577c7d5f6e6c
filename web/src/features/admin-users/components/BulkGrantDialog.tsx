import type { AdminGrantBody } from '@linksmate/proto';
import { BULK_GRANT_MEMBERSHIP_TYPES } from '@linksmate/proto/rules';
import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import { refusedFields } from '../../../lib/form-errors';
import { capitalise } from '../../../lib/text';
import {
  BULK_GRANT_DURATIONS,
  type BulkGrantValues,
  newBulkGrantValues,
  validateBulkGrant,
} from './grant-form';

const isBulkGrantField = (field: string) => field === 'membership_type' || field === 'duration';

/**
 * docs/product.md#admin-validation "Bulk grant": a type (premium or basic) and a duration for every selected person.
 * Each opening starts at premium for a month; a refusal of either shows under it.
 */
export function BulkGrantDialog({
  opened,
  count,
  busy,
  onGrant,
  onClose,
}: {
  opened: boolean;
  count: number;
  busy: boolean;
  /** Grants; rejects with the server's refusal (the page says it too). */
  onGrant(grant: AdminGrantBody): Promise<unknown>;
  onClose(): void;
}) {
  const form = useForm<BulkGrantValues>({
    mode: 'controlled',
    initialValues: newBulkGrantValues(),
    validate: validateBulkGrant,
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: only opening resets the form
  useEffect(() => {
    if (opened) form.reset();
  }, [opened]);

  const submit = (values: BulkGrantValues) =>
    onGrant(values).catch((error: unknown) => {
      const refused = refusedFields(error, (field) => (isBulkGrantField(field) ? field : undefined));
      if (refused) form.setErrors(refused.fields);
    });

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Grant Membership"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="md">
          <Text size="sm">
            Give {count} selected {count === 1 ? 'user' : 'users'} a membership at no charge.
          </Text>
          <Select
            label="Membership type"
            data={BULK_GRANT_MEMBERSHIP_TYPES.map((value) => ({ value, label: capitalise(value) }))}
            {...form.getInputProps('membership_type')}
            allowDeselect={false}
          />
          <Select
            label="Duration"
            data={BULK_GRANT_DURATIONS}
            {...form.getInputProps('duration')}
            allowDeselect={false}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              Grant Membership
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
