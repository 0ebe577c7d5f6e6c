import type { Event } from '@linksmate/proto';
import { Alert, Button, Select } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { AddToEventDialog } from '../../../components/AddToEventDialog';
import { useAddUserToEvent } from '../api/add-user-to-event';
import { type PickableUser, useAdminUsers } from '../api/get-admin-users';
import { failureText } from './join-errors';

const labelOf = (user: PickableUser) => {
  const name = [user.first_name, user.last_name].filter(Boolean).join(' ');
  const handle = user.username ? `@${user.username}` : user.email;
  return [name, handle].filter(Boolean).join(' · ') || `User ${user.id}`;
};

/** Spec 2 "Event detail" add-user dialog (admin): pick a person, optional notes, a confirmed seat. */
export function AddUserDialog({
  event,
  opened,
  onClose,
}: {
  event: Event;
  opened: boolean;
  onClose: () => void;
}) {
  const users = useAdminUsers(opened);
  const add = useAddUserToEvent(event.id);
  const [userId, setUserId] = useState<string | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: only opening resets the form
  useEffect(() => {
    if (!opened) return;
    setUserId(null);
    add.reset();
  }, [opened]);

  return (
    <AddToEventDialog
      event={event}
      opened={opened}
      userId={userId}
      busy={add.isPending}
      fieldSize="md"
      onAdd={(_, user_id, notes) => add.mutateAsync({ user_id, notes })}
      failureText={(err) => failureText(err, 'Failed to add user to event')}
      onClose={onClose}
    >
      {users.isError && (
        <Alert
          color="red"
          variant="light"
          role="alert"
          icon={<IconAlertCircle size={18} aria-hidden />}
          title="Failed to load users"
        >
          <Button size="xs" variant="default" onClick={() => void users.refetch()} loading={users.isFetching}>
            Try again
          </Button>
        </Alert>
      )}
      <Select
        size="md"
        label="User"
        required
        searchable
        placeholder={users.isPending ? 'Loading users...' : 'Search by name or username'}
        data={(users.data ?? []).map((user) => ({ value: String(user.id), label: labelOf(user) }))}
        value={userId}
        onChange={setUserId}
        disabled={users.isError}
        nothingFoundMessage="No users found"
        comboboxProps={{ withinPortal: true }}
      />
    </AddToEventDialog>
  );
}
