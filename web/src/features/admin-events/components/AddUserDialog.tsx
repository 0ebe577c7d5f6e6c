import type { Event } from '@linksmate/proto';
import { EVENT_MESSAGES } from '@linksmate/proto/rules';
import { Button, Group, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconSearch } from '@tabler/icons-react';
import { type FormEvent, useEffect, useState } from 'react';
import { FormError } from '../../../components/FormError';
import { ApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/dates';
import { useAddUserToEvent } from '../api/add-user-to-event';
import { type PickableUser, usePickableUsers } from '../api/get-pickable-users';
import { EVENTS_TEXTS } from './event-text';

const labelOf = (user: PickableUser) => {
  const name = [user.first_name, user.last_name].filter(Boolean).join(' ');
  return [name, `@${user.username}`, user.email].filter(Boolean).join(' · ');
};

/**
 * Spec 3 §2 "Events management" 'Add user to event' (admin and site_admin): a person found by name,
 * e-mail or username (the server searches what is typed), optional notes, and a confirmed seat.
 */
export function AddUserDialog({ event, onClose }: { event: Event | null; onClose(): void }) {
  const opened = event !== null;
  const [userId, setUserId] = useState<string | null>(null);
  const [picked, setPicked] = useState<PickableUser | null>(null);
  const [search, setSearch] = useState('');
  const [term, setTerm] = useState('');
  const [typed] = useDebouncedValue(term.trim(), 300);
  const [notes, setNotes] = useState('');
  const [error, setError] = useState<string | null>(null);
  const users = usePickableUsers(typed, opened);
  const add = useAddUserToEvent();

  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new event resets the form
  useEffect(() => {
    setUserId(null);
    setPicked(null);
    setSearch('');
    setTerm('');
    setNotes('');
    setError(null);
    add.reset();
  }, [event]);

  const found = users.data ?? [];
  const options = [...(picked && !found.some((u) => u.id === picked.id) ? [picked] : []), ...found].map(
    (user) => ({ value: String(user.id), label: labelOf(user) }),
  );

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!event) return;
    if (!userId) {
      setError(EVENT_MESSAGES.userRequired);
      return;
    }
    setError(null);
    add.mutate(
      { eventId: event.id, user_id: Number(userId), notes: notes.trim() || undefined },
      {
        onSuccess: (reply) => {
          notifications.show({ color: 'green', message: reply.message });
          onClose();
        },
        onError: (err) => setError(err instanceof ApiError ? err.message : EVENTS_TEXTS.addFailed),
      },
    );
  };

  return (
    <Modal
      opened={opened}
      onClose={add.isPending ? () => {} : onClose}
      title="Add user to event"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {event && (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <div>
              <Text fw={600}>{event.title}</Text>
              <Text size="sm" c="dimmed">
                {formatDateTime(event.start_time)} · {event.current_participant_count} of {event.capacity}{' '}
                seats taken
              </Text>
            </div>
            <Select
              label="User"
              required
              searchable
              leftSection={<IconSearch size={16} aria-hidden />}
              placeholder="Search by name, e-mail or username"
              data={options}
              value={userId}
              searchValue={search}
              onSearchChange={(value) => {
                setSearch(value);
                // Choosing someone fills the box with their label; only typing asks the server again.
                if (!options.some((option) => option.label === value)) setTerm(value);
              }}
              onChange={(value) => {
                setUserId(value);
                setPicked(found.find((u) => String(u.id) === value) ?? picked);
                setError(null);
              }}
              filter={({ options: all }) => all}
              nothingFoundMessage={
                users.isFetching ? 'Searching...' : users.isError ? 'Failed to load users' : 'No users found'
              }
              comboboxProps={{ withinPortal: true }}
              maxDropdownHeight={260}
            />
            <Textarea
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
      )}
    </Modal>
  );
}
