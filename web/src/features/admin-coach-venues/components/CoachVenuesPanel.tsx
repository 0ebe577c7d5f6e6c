import type { CoachVenueLink } from '@linksmate/proto';
import { Alert, Badge, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconMapPin, IconPlus, IconStar } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useCoachVenues } from '../api/get-coach-venues';
import { useRemoveCoachVenue } from '../api/remove-coach-venue';
import { useSetPrimaryVenue } from '../api/set-primary-venue';
import { AddVenueDialog } from './AddVenueDialog';

const LOAD_FAILED = 'Failed to load coach venues';

function VenueLinkRow({
  link,
  busy,
  locked,
  onPrimary,
  onRemove,
}: {
  link: CoachVenueLink;
  /** The action under way for this link. */
  busy: 'primary' | 'remove' | null;
  /** Some action is under way (for this link or another): the buttons wait. */
  locked: boolean;
  onPrimary(): void;
  onRemove(): void;
}) {
  return (
    <Paper withBorder radius="md" p="sm" component="li" data-testid="coach-venue">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <IconMapPin size={18} aria-hidden style={{ marginTop: 2, flexShrink: 0 }} />
          <Stack gap={2}>
            <Group gap="xs">
              <Text fw={600}>{link.venue_name}</Text>
              {link.is_primary && (
                <Badge
                  color="fairway"
                  c="fairway.9"
                  variant="light"
                  leftSection={<IconStar size={12} aria-hidden />}
                >
                  Primary
                </Badge>
              )}
            </Group>
            <Text size="sm" c="dimmed">
              {link.address ?? 'No address'}
            </Text>
          </Stack>
        </Group>
        <Group gap="xs">
          {!link.is_primary && (
            <Button
              size="xs"
              variant="default"
              aria-label={`Set ${link.venue_name} as primary`}
              loading={busy === 'primary'}
              disabled={locked}
              onClick={onPrimary}
            >
              Set as primary
            </Button>
          )}
          <Button
            size="xs"
            variant="light"
            color="red"
            c="red.9"
            aria-label={`Remove ${link.venue_name}`}
            loading={busy === 'remove'}
            disabled={locked}
            onClick={onRemove}
          >
            Remove
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}

/**
 * Spec 3 "Coach venues": where one coach teaches, with the primary one marked. A venue is added with
 * 'Add Venue', made primary by its own action, or removed.
 */
export function CoachVenuesPanel({ coachId, title }: { coachId: number; title: string }) {
  const venues = useCoachVenues(coachId);
  const primary = useSetPrimaryVenue();
  const remove = useRemoveCoachVenue();
  const [adding, setAdding] = useState(false);
  /** The link an action is under way for, and which action. */
  const [busy, setBusy] = useState<{ id: number; action: 'primary' | 'remove' } | null>(null);

  useEffect(() => {
    if (venues.isError) notifications.show({ color: 'red', message: LOAD_FAILED });
  }, [venues.isError]);

  const links = venues.data?.venues ?? [];
  const makePrimary = (link: CoachVenueLink) => {
    setBusy({ id: link.id, action: 'primary' });
    primary.mutate(
      { coachId, linkId: link.id },
      {
        onSuccess: () => notifications.show({ color: 'green', message: 'Primary venue updated' }),
        onError: () => notifications.show({ color: 'red', message: 'Failed to update primary venue' }),
        onSettled: () => setBusy(null),
      },
    );
  };
  const unlink = (link: CoachVenueLink) => {
    setBusy({ id: link.id, action: 'remove' });
    remove.mutate(
      { coachId, venueId: link.venue_id },
      {
        onSuccess: () => notifications.show({ color: 'green', message: 'Venue removed' }),
        onError: () => notifications.show({ color: 'red', message: 'Failed to remove venue' }),
        onSettled: () => setBusy(null),
      },
    );
  };
  // The link goes for good (and with it the primary mark): it asks first.
  const confirmUnlink = (link: CoachVenueLink) =>
    modals.openConfirmModal({
      title: `Remove ${link.venue_name}?`,
      children: (
        <Text size="sm">
          {link.venue_name} is taken off the venues this coach teaches at
          {link.is_primary ? ', and the coach no longer has it as their primary venue' : ''}. Adding it back
          later starts a new link.
        </Text>
      ),
      labels: { confirm: 'Remove venue', cancel: 'Keep venue' },
      confirmProps: { color: 'red' },
      onConfirm: () => unlink(link),
    });

  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h4">
            {title}
          </Title>
          <Button
            size="sm"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => setAdding(true)}
            disabled={!venues.data}
          >
            Add Venue
          </Button>
        </Group>
        {venues.isPending ? (
          <Group justify="center" py="lg" role="status" aria-label="Loading venues">
            <Loader size="sm" />
          </Group>
        ) : venues.isError ? (
          <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle size={18} aria-hidden />}>
            <Group justify="space-between" gap="sm">
              <Text size="sm">{LOAD_FAILED}</Text>
              <Button
                size="xs"
                variant="default"
                onClick={() => venues.refetch()}
                loading={venues.isFetching}
              >
                Try Again
              </Button>
            </Group>
          </Alert>
        ) : links.length === 0 ? (
          <Text c="dimmed" ta="center" py="lg">
            No venues yet. Use 'Add Venue' to add where this coach teaches.
          </Text>
        ) : (
          <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={title}>
            {links.map((link) => (
              <VenueLinkRow
                key={link.id}
                link={link}
                busy={busy?.id === link.id ? busy.action : null}
                locked={busy !== null}
                onPrimary={() => makePrimary(link)}
                onRemove={() => confirmUnlink(link)}
              />
            ))}
          </Stack>
        )}
      </Stack>
      <AddVenueDialog
        coachId={coachId}
        linkedVenueIds={links.map((link) => link.venue_id)}
        opened={adding}
        onClose={() => setAdding(false)}
      />
    </Paper>
  );
}
