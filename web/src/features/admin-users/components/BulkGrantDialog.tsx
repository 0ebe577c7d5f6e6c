import type { AdminGrantBody } from '@linksmate/proto';
import { BULK_GRANT_MEMBERSHIP_TYPES } from '@linksmate/proto/rules';
import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { capitalise } from '../../../lib/text';

/** The durations the bulk grant offers (docs/product.md#admin-validation: like 1_months, 1_years, lifetime). */
const DURATIONS = [
  { value: '1_months', label: '1 month' },
  { value: '3_months', label: '3 months' },
  { value: '6_months', label: '6 months' },
  { value: '1_years', label: '1 year' },
  { value: 'lifetime', label: 'Lifetime' },
];

/** docs/product.md#admin-validation "Bulk grant": a type (premium or basic) and a duration for every selected person. */
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
  onGrant(grant: AdminGrantBody): void;
  onClose(): void;
}) {
  const [type, setType] = useState<(typeof BULK_GRANT_MEMBERSHIP_TYPES)[number]>('premium');
  const [duration, setDuration] = useState('1_months');
  const close = () => {
    setType('premium');
    setDuration('1_months');
    onClose();
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Grant Membership"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="md">
        <Text size="sm">
          Give {count} selected {count === 1 ? 'user' : 'users'} a membership at no charge.
        </Text>
        <Select
          label="Membership type"
          data={BULK_GRANT_MEMBERSHIP_TYPES.map((value) => ({ value, label: capitalise(value) }))}
          value={type}
          onChange={(value) => value && setType(value as typeof type)}
          allowDeselect={false}
        />
        <Select
          label="Duration"
          data={DURATIONS}
          value={duration}
          onChange={(value) => value && setDuration(value)}
          allowDeselect={false}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={busy}>
            Cancel
          </Button>
          <Button loading={busy} onClick={() => onGrant({ membership_type: type, duration })}>
            Grant Membership
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
