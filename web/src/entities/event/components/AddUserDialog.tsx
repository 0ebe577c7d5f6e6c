import type { Event } from '@linksmate/proto';
import { type MantineSize, Select, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { AddToEventDialog } from '../../../components/AddToEventDialog';
import { LoadFailure } from '../../../components/LoadStates';
import { ApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/dates';
import { useAddUserToEvent } from '../api/add-user-to-event';
import { type PickableUser, usePickableUsers } from '../api/get-pickable-users';

/** docs/product.md#community-errors "Event detail". */
export const ADD_USER_TEXTS = {
  addFailed: 'Failed to add user to event',
  loadFailed: 'Failed to load users',
} as const;

const labelOf = (user: PickableUser) => {
  const name = [user.first_name, user.last_name].filter(Boolean).join(' ');
  return [name, `@${user.username}`, user.email].filter(Boolean).join(' · ');
};

/** A refusal the server explains (the event full, the person already in it) in its words; else the spec's. */
const failureText = (error: unknown) =>
  error instanceof ApiError && error.status >= 400 && error.status < 500 && error.message
    ? error.message
    : ADD_USER_TEXTS.addFailed;

/**
 * 'Add user to event' (admin), from the event's page and from the admin's events table
 * (docs/product.md#community-validation, #admin-sections "Events management"): the event, a person
 * found by name, e-mail or username (the server searches what is typed, so anyone can be found),
 * optional notes, and a confirmed seat. The form itself (notes, a person required, the server's
 * refusal) is AddToEventDialog's. Open while `event` is set.
 */
export function AddUserDialog({
  event,
  onClose,
  fieldSize,
}: {
  event: Event | null;
  onClose(): void;
  fieldSize?: MantineSize;
}) {
  const opened = event !== null;
  const [userId, setUserId] = useState<string | null>(null);
  const [picked, setPicked] = useState<PickableUser | null>(null);
  const [search, setSearch] = useState('');
  const [term, setTerm] = useState('');
  const [typed] = useDebouncedValue(term.trim(), 300);
  const users = usePickableUsers(typed, opened);
  const add = useAddUserToEvent();

  // biome-ignore lint/correctness/useExhaustiveDependencies: only another event (or none) resets the picker
  useEffect(() => {
    setUserId(null);
    setPicked(null);
    setSearch('');
    setTerm('');
    add.reset();
  }, [event?.id]);

  const found = users.data ?? [];
  // The person picked stays among the options while a new search shows others.
  const options = [...(picked && !found.some((u) => u.id === picked.id) ? [picked] : []), ...found].map(
    (user) => ({ value: String(user.id), label: labelOf(user) }),
  );

  return (
    <AddToEventDialog
      event={event}
      opened={opened}
      userId={userId}
      busy={add.isPending}
      fieldSize={fieldSize}
      onAdd={(target, user_id, notes) => add.mutateAsync({ eventId: target.id, user_id, notes })}
      failureText={failureText}
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
      {users.isError && (
        <LoadFailure
          title={ADD_USER_TEXTS.loadFailed}
          onRetry={() => void users.refetch()}
          retrying={users.isFetching}
        />
      )}
      <Select
        size={fieldSize}
        label="User"
        required
        searchable
        leftSection={<IconSearch size={16} aria-hidden />}
        placeholder="Search by name, e-mail or username"
        // The dialog opens to the picker, so the admin types a name at once; the list opens with
        // the typing (or a click), not over the form the moment it appears.
        data-autofocus
        openOnFocus={false}
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
        // The server has searched already: every user it found is offered.
        filter={({ options: all }) => all}
        nothingFoundMessage={
          users.isFetching ? 'Searching...' : users.isError ? ADD_USER_TEXTS.loadFailed : 'No users found'
        }
        comboboxProps={{ withinPortal: true }}
        maxDropdownHeight={260}
      />
    </AddToEventDialog>
  );
}
