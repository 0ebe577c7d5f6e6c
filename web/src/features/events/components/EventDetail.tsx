import type { Event } from '@linksmate/proto';
import { PUBLIC_API_PREFIX } from '@linksmate/proto/http';
import { isSiteAdminRole, scopedAdminsMayChange } from '@linksmate/proto/rules';
import { Anchor, Badge, Button, Card, Grid, Group, Stack, Text, Title } from '@mantine/core';
import {
  IconArrowLeft,
  IconCalendarPlus,
  IconListNumbers,
  IconPencil,
  IconTrash,
  IconUserPlus,
} from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { AddUserDialog } from '../../../entities/event/components/AddUserDialog';
import { paths } from '../../../lib/paths';
import { useSession } from '../../../lib/session-context';
import { STATUS_LABELS } from '../event-text';
import { BookingBadge } from './BookingBadge';
import { CapacityBar } from './CapacityBar';
import { DeleteEventDialog } from './DeleteEventDialog';
import { EditEventDialog } from './EditEventDialog';
import { EventFacts } from './EventFacts';
import { EventTypeChip } from './EventTypeChip';
import { JoinPanel } from './JoinPanel';

export function BackToEvents() {
  return (
    <Button
      component={Link}
      to={paths.events.href()}
      variant="subtle"
      color="dark"
      leftSection={<IconArrowLeft size={16} aria-hidden />}
      px={0}
    >
      Back to Events
    </Button>
  );
}

/** The event's name as its page shows it; the page's first screen paints the same (EventDetailPage). */
export function EventTitle({ title }: { title: string }) {
  return (
    <Title order={1} fz={{ base: 'h2', sm: 'h1' }}>
      {title}
    </Title>
  );
}

/** Spec 2 "Event detail": the event, the join panel, and the creator's and admin's dialogs. */
export function EventDetail({ event }: { event: Event }) {
  const { claims, isAdmin } = useSession();
  const [dialog, setDialog] = useState<'edit' | 'delete' | 'add-user' | null>(null);
  // A member's own game is its organiser's and the site admins'; a venue's or coach's admin changes
  // official events only (the server decides which of those are theirs).
  const adminMayChange =
    isAdmin && (isSiteAdminRole(claims?.role) || scopedAdminsMayChange(event.event_type));
  const canEdit = adminMayChange || (!!claims && claims.user_id === event.creator_user_id);
  const close = () => setDialog(null);
  const waiting = event.waitlist_count;
  // docs/product.md#results: once it has started, its organiser scores it and its players enter cards.
  const scored =
    event.status !== 'cancelled' &&
    new Date(event.start_time).getTime() <= Date.now() &&
    (canEdit || event.user_booking_status === 'confirmed');

  return (
    <Stack gap="lg">
      <div>
        <BackToEvents />
      </div>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Card shadow="xs" padding="lg">
            <Stack gap="md">
              <Group gap="xs">
                <EventTypeChip type={event.event_type} />
                {event.status !== 'open' && (
                  <Badge color={event.status === 'cancelled' ? 'red.9' : 'gray.8'} variant="light">
                    {STATUS_LABELS[event.status]}
                  </Badge>
                )}
                <BookingBadge status={event.user_booking_status} />
              </Group>
              <EventTitle title={event.title} />
              <EventFacts event={event} />
              {event.description && (
                <div>
                  <Title order={2} fz="h4" mb={4}>
                    About this event
                  </Title>
                  <Text style={{ whiteSpace: 'pre-line' }}>{event.description}</Text>
                </div>
              )}
            </Stack>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="lg">
            <Card shadow="xs" padding="lg" component="section" aria-labelledby="join-heading">
              <Stack gap="md">
                <Title order={2} fz="h4" id="join-heading">
                  Places
                </Title>
                <CapacityBar taken={event.current_participant_count} capacity={event.capacity} />
                {waiting > 0 && (
                  <Text size="sm" c="dimmed">
                    {waiting} {waiting === 1 ? 'person' : 'people'} on the waitlist
                  </Text>
                )}
                <JoinPanel event={event} />
                {scored && (
                  <Button
                    component={Link}
                    to={paths.eventScoring.href(event.id)}
                    variant="light"
                    leftSection={<IconListNumbers size={16} aria-hidden />}
                  >
                    Scoring and results
                  </Button>
                )}
                <Anchor
                  href={`${PUBLIC_API_PREFIX}/events/${event.id}/calendar.ics`}
                  download={`event-${event.id}.ics`}
                  size="sm"
                >
                  <Group gap={6} component="span" wrap="nowrap">
                    <IconCalendarPlus size={16} aria-hidden />
                    Add to calendar
                  </Group>
                </Anchor>
              </Stack>
            </Card>
            {(canEdit || adminMayChange) && (
              <Card shadow="xs" padding="lg" component="section" aria-labelledby="manage-heading">
                <Stack gap="sm">
                  <Title order={2} fz="h4" id="manage-heading">
                    Manage event
                  </Title>
                  {canEdit && (
                    <Button
                      variant="default"
                      leftSection={<IconPencil size={16} aria-hidden />}
                      onClick={() => setDialog('edit')}
                    >
                      Edit event
                    </Button>
                  )}
                  {adminMayChange && (
                    <Button
                      variant="default"
                      leftSection={<IconUserPlus size={16} aria-hidden />}
                      onClick={() => setDialog('add-user')}
                    >
                      Add user
                    </Button>
                  )}
                  {canEdit && (
                    <Button
                      variant="default"
                      c="red.9"
                      leftSection={<IconTrash size={16} aria-hidden />}
                      onClick={() => setDialog('delete')}
                    >
                      Delete event
                    </Button>
                  )}
                </Stack>
              </Card>
            )}
          </Stack>
        </Grid.Col>
      </Grid>
      {canEdit && <EditEventDialog event={event} opened={dialog === 'edit'} onClose={close} />}
      {canEdit && <DeleteEventDialog event={event} opened={dialog === 'delete'} onClose={close} />}
      {adminMayChange && (
        <AddUserDialog event={dialog === 'add-user' ? event : null} onClose={close} fieldSize="md" />
      )}
    </Stack>
  );
}
