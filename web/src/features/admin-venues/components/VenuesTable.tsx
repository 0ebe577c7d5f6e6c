import type { AdminVenueListItem } from '@linksmate/proto';
import {
  Anchor,
  Badge,
  Box,
  Button,
  Center,
  Group,
  Image,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { IconBuildingStadium, IconCheck, IconEye, IconPencil, IconTrash, IconX } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ListTable } from '../../../components/ListTable';
import { paths } from '../../../lib/paths';
import { VenueStatusBadges } from './VenueStatusBadges';
import { placeOf, venueTypeLabel } from './venue-text';

export type VenueAction = 'edit' | 'delete' | 'approve' | 'reject';

/** Listed venues (active and approved) have a public page; the others only the admin one. */
export const isListed = (venue: { is_active: boolean; review_status: string }) =>
  venue.is_active && venue.review_status === 'approved';

function Thumbnail({ venue }: { venue: AdminVenueListItem }) {
  return (
    <Box pos="relative" w={64} h={44}>
      {venue.featured_image_url ? (
        <Image src={venue.featured_image_url} alt="" w={64} h={44} radius="sm" fit="cover" loading="lazy" />
      ) : (
        <Center w={64} h={44} bg="gray.1" style={{ borderRadius: 'var(--mantine-radius-sm)' }}>
          <IconBuildingStadium size={20} color="var(--mantine-color-gray-6)" aria-hidden />
        </Center>
      )}
      {venue.gallery_count > 0 && (
        <Badge
          size="xs"
          color="dark"
          variant="filled"
          pos="absolute"
          bottom={-6}
          right={-6}
          title={`${venue.gallery_count} gallery ${venue.gallery_count === 1 ? 'item' : 'items'}`}
        >
          +{venue.gallery_count}
          <VisuallyHidden> gallery {venue.gallery_count === 1 ? 'item' : 'items'}</VisuallyHidden>
        </Badge>
      )}
    </Box>
  );
}

function Types({ types }: { types: string[] }) {
  if (types.length === 0) return <Text c="dimmed">—</Text>;
  const rest = types.slice(2);
  return (
    <Group gap={4}>
      {types.slice(0, 2).map((type) => (
        <Badge key={type} variant="light" color="gray" tt="none">
          {venueTypeLabel(type)}
        </Badge>
      ))}
      {rest.length > 0 && (
        <Badge variant="outline" color="gray" tt="none" title={rest.map(venueTypeLabel).join(', ')}>
          +{rest.length}
          <VisuallyHidden>: {rest.map(venueTypeLabel).join(', ')}</VisuallyHidden>
        </Badge>
      )}
    </Group>
  );
}

/**
 * Spec 3 "Venues management" table: image with the gallery count, name, location, types, status
 * and actions. Edit, Delete and the review of submitted venues only for those who manage venues.
 */
export function VenuesTable({
  venues,
  state,
  canManage,
  busyId,
  onAction,
}: {
  venues: AdminVenueListItem[];
  /** What stands in for rows: loading or nothing found. */
  state: ReactNode | null;
  canManage: boolean;
  /** A venue whose review is being sent. */
  busyId: number | null;
  onAction(venue: AdminVenueListItem, action: VenueAction): void;
}) {
  return (
    <ListTable
      minWidth={900}
      columns={6}
      state={state}
      head={
        <>
          <Table.Th>Image</Table.Th>
          <Table.Th>Name</Table.Th>
          <Table.Th>Location</Table.Th>
          <Table.Th>Types</Table.Th>
          <Table.Th>Status</Table.Th>
          <Table.Th ta="right">Actions</Table.Th>
        </>
      }
    >
      {venues.map((venue) => {
        const pending = venue.review_status === 'pending';
        return (
          <Table.Tr key={venue.id} data-testid="venue-row">
            <Table.Td>
              <Thumbnail venue={venue} />
            </Table.Td>
            <Table.Td>
              <Anchor component={Link} to={paths.admin.venue.href(venue.id)} fw={600} size="sm">
                {venue.name}
              </Anchor>
            </Table.Td>
            <Table.Td>
              <Text size="sm" c={placeOf(venue) ? undefined : 'dimmed'}>
                {placeOf(venue) || '—'}
              </Text>
            </Table.Td>
            <Table.Td>
              <Types types={venue.venue_type} />
            </Table.Td>
            <Table.Td>
              <VenueStatusBadges venue={venue} />
            </Table.Td>
            <Table.Td>
              <Stack gap={6} align="flex-end">
                <Group gap={6} justify="flex-end" wrap="nowrap">
                  <Button
                    component={Link}
                    to={isListed(venue) ? paths.venue.href(venue.id) : paths.admin.venue.href(venue.id)}
                    size="compact-sm"
                    variant="default"
                    leftSection={<IconEye size={14} aria-hidden />}
                    aria-label={`View ${venue.name}`}
                  >
                    View
                  </Button>
                  {canManage && (
                    <>
                      <Button
                        size="compact-sm"
                        variant="default"
                        leftSection={<IconPencil size={14} aria-hidden />}
                        aria-label={`Edit ${venue.name}`}
                        onClick={() => onAction(venue, 'edit')}
                      >
                        Edit
                      </Button>
                      <Button
                        size="compact-sm"
                        variant="light"
                        color="red"
                        leftSection={<IconTrash size={14} aria-hidden />}
                        aria-label={`Delete ${venue.name}`}
                        onClick={() => onAction(venue, 'delete')}
                      >
                        Delete
                      </Button>
                    </>
                  )}
                </Group>
                {canManage && pending && (
                  <Group gap={6} justify="flex-end" wrap="nowrap">
                    <Button
                      size="compact-sm"
                      leftSection={<IconCheck size={14} aria-hidden />}
                      aria-label={`Approve ${venue.name}`}
                      loading={busyId === venue.id}
                      disabled={busyId !== null && busyId !== venue.id}
                      onClick={() => onAction(venue, 'approve')}
                    >
                      Approve
                    </Button>
                    <Button
                      size="compact-sm"
                      variant="outline"
                      color="red.8"
                      leftSection={<IconX size={14} aria-hidden />}
                      aria-label={`Reject ${venue.name}`}
                      disabled={busyId !== null}
                      onClick={() => onAction(venue, 'reject')}
                    >
                      Reject
                    </Button>
                  </Group>
                )}
              </Stack>
            </Table.Td>
          </Table.Tr>
        );
      })}
    </ListTable>
  );
}
