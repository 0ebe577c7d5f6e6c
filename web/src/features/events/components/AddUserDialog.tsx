import type { Event } from '@linksmate/proto';
import { EVENT_MESSAGES } from '@linksmate/proto/rules';
import { Alert, Button, Group, Modal, Select, Stack, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle } from '@tabler/icons-react';
import { type FormEvent, useEffect, useState } from 'react';
import { FormError } from '../../../components/FormError';
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
  const [notes, setNotes] = useState('');
  const [error, setError] = useState<string | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: only opening resets the form
  useEffect(() => {
    if (!opened) return;
    setUserId(null);
    setNotes('');
    setError(null);
    add.reset();
  }, [opened]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!userId) {
      setError(EVENT_MESSAGES.userRequired);
      return;
    }
    setError(null);
    add.mutate(
      { user_id: Number(userId), notes: notes.trim() || undefined },
      {
        onSuccess: (reply) => {
          notifications.show({ color: 'green', message: reply.message });
          onClose();
        },
        onError: (err) => setError(failureText(err, 'Failed to add user to event')),
      },
    );
  };

  return (
    <Modal
      opened={opened}
      onClose={add.isPending ? () => {} : onClose}
      title="Add user to event"
      closeButtonProps={{ 'aria-label': 'Close' }}
      centered
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {users.isError && (
            <Alert
              color="red"
              variant="light"
              role="alert"
              icon={<IconAlertCircle size={18} aria-hidden />}
              title="Failed to load users"
            >
              <Button
                size="xs"
                variant="default"
                onClick={() => void users.refetch()}
                loading={users.isFetching}
              >
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
            onChange={(value) => {
              setUserId(value);
              setError(null);
            }}
            disabled={users.isError}
            nothingFoundMessage="No users found"
            comboboxProps={{ withinPortal: true }}
          />
          <Textarea
            size="md"
            label="Notes (optional)"
            value={notes}
            onChange={(e) => setNotes(e.currentTarget.value)}
            maxLength={1000}
            autosize
            minRows={2}
          />
          <FormError>{error}</FormError>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={add.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={add.isPending}>
              Add to event
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
