import { describeRoleChange, ROLE_NAMES, type Role } from '@linksmate/proto/rules';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';

/**
 * A role change asks first (issue 23 item 9): it names the role it will really set, with the spec's
 * label beside it, and what that role may use of the admin area. Nothing changes until confirmed.
 */
export function RoleChangeDialog({
  change,
  busy,
  onConfirm,
  onClose,
}: {
  /** Whose role, from which to which; null when closed. */
  change: { who: string; from: Role; to: Role } | null;
  busy: boolean;
  onConfirm(): void;
  onClose(): void;
}) {
  return (
    <Modal
      opened={change !== null}
      onClose={onClose}
      title="Change Role"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {change && (
        <Stack gap="md">
          <Text size="sm">
            Change the role of {change.who} from <strong>{ROLE_NAMES[change.from]}</strong> to{' '}
            <strong>{ROLE_NAMES[change.to]}</strong>?
          </Text>
          <Text size="sm">{describeRoleChange(change.from, change.to)}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={busy} data-autofocus>
              Cancel
            </Button>
            <Button loading={busy} onClick={onConfirm}>
              Make {ROLE_NAMES[change.to]}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
