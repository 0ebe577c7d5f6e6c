import type { Event } from '@linksmate/proto';
import { Select, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { AddToEventDialog } from '../../../components/AddToEventDialog';
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
 * docs/product.md#admin-sections "Events management" 'Add user to event' (admin and site_admin): a person found by name,
 * e-mail or username (the server searches what is typed), optional notes, and a confirmed seat.
 */
export function AddUserDialog({ event, onClose }: { event: Event | null; onClose(): void }) {
  const opened = event !== null;
  const [userId, setUserId] = useState<string | null>(null);
  const [picked, setPicked] = useState<PickableUser | null>(null);
  const [search, setSearch] = useState('');
  const [term, setTerm] = useState('');
  const [typed] = useDebouncedValue(term.trim(), 300);
  const users = usePickableUsers(typed, opened);
  const add = useAddUserToEvent();

  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new event resets the form
  useEffect(() => {
    setUserId(null);
    setPicked(null);
    setSearch('');
    setTerm('');
    add.reset();
  }, [event]);

  const found = users.data ?? [];
  const options = [...(picked && !found.some((u) => u.id === picked.id) ? [picked] : []), ...found].map(
    (user) => ({ value: String(user.id), label: labelOf(user) }),
  );

  return (
    <AddToEventDialog
      event={event}
      opened={opened}
      userId={userId}
      busy={add.isPending}
      onAdd={(target, user_id, notes) => add.mutateAsync({ eventId: target.id, user_id, notes })}
      failureText={(err) => (err instanceof ApiError ? err.message : EVENTS_TEXTS.addFailed)}
      onClose={onClose}
    >
      {event && (
        <div>
          <Text fw={600}>{event.title}</Text>
          <Text size="sm" c="dimmed">
            {formatDateTime(event.start_time)} · {event.current_participant_count} of {event.capacity} seats
            taken
          </Text>
        </div>
      )}
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
        }}
        filter={({ options: all }) => all}
        nothingFoundMessage={
          users.isFetching ? 'Searching...' : users.isError ? 'Failed to load users' : 'No users found'
        }
        comboboxProps={{ withinPortal: true }}
        maxDropdownHeight={260}
      />
    </AddToEventDialog>
  );
}
