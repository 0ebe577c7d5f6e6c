import type { Coach } from '@linksmate/proto';
import { Avatar, Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { IconEdit, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { ListTable } from '../../../components/ListTable';

export const coachName = (coach: Coach) =>
  [coach.first_name, coach.last_name].filter(Boolean).join(' ') || coach.email || `Coach #${coach.id}`;

const initials = (coach: Coach) =>
  [coach.first_name, coach.last_name]
    .map((part) => part?.trim()[0] ?? '')
    .join('')
    .toUpperCase();

const experience = (years: number | null) =>
  years === null ? '—' : `${years} ${years === 1 ? 'year' : 'years'}`;

/** Spec 3 "Coaches management" table: coach, venue, experience, status, actions. */
export function CoachesTable({
  coaches,
  state,
  stale,
  onEdit,
  onDelete,
}: {
  coaches: Coach[];
  /** What stands in for rows: loading, a failure, or nothing found. */
  state: ReactNode | null;
  /** The rows are the previous page's while the next one loads. */
  stale?: boolean;
  onEdit(coach: Coach): void;
  onDelete(coach: Coach): void;
}) {
  return (
    <ListTable
      minWidth={880}
      columns={5}
      state={state}
      stale={stale}
      head={
        <>
          <Table.Th>Coach</Table.Th>
          <Table.Th>Venue</Table.Th>
          <Table.Th>Experience</Table.Th>
          <Table.Th w={120}>Status</Table.Th>
          <Table.Th ta="right">Actions</Table.Th>
        </>
      }
    >
      {coaches.map((coach) => {
        const name = coachName(coach);
        return (
          <Table.Tr key={coach.id} data-testid="coach-row">
            <Table.Td>
              <Group gap="sm" wrap="nowrap">
                <Avatar src={coach.profile_image_url} radius="xl" color="fairway" alt="">
                  {initials(coach)}
                </Avatar>
                <Stack gap={0}>
                  <Text size="sm" fw={600}>
                    {name}
                  </Text>
                  {coach.email && (
                    <Text size="xs" c="dimmed">
                      {coach.email}
                    </Text>
                  )}
                </Stack>
              </Group>
            </Table.Td>
            <Table.Td>
              <Text size="sm" c={coach.venue_name ? undefined : 'dimmed'}>
                {coach.venue_name ?? 'No venue'}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{experience(coach.years_experience)}</Text>
            </Table.Td>
            <Table.Td>
              <Badge
                color={coach.is_verified ? 'fairway' : 'gray'}
                c={coach.is_verified ? 'fairway.9' : 'gray.8'}
                variant="light"
              >
                {coach.is_verified ? 'Verified' : 'Unverified'}
              </Badge>
            </Table.Td>
            <Table.Td>
              <Group gap="xs" justify="flex-end" wrap="nowrap">
                <Button
                  size="xs"
                  variant="default"
                  leftSection={<IconEdit size={14} aria-hidden />}
                  aria-label={`Edit ${name}`}
                  onClick={() => onEdit(coach)}
                >
                  Edit
                </Button>
                <Button
                  size="xs"
                  variant="light"
                  color="red"
                  c="red.9"
                  leftSection={<IconTrash size={14} aria-hidden />}
                  aria-label={`Delete ${name}`}
                  onClick={() => onDelete(coach)}
                >
                  Delete
                </Button>
              </Group>
            </Table.Td>
          </Table.Tr>
        );
      })}
    </ListTable>
  );
}
