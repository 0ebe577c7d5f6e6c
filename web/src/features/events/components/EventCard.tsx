import type { Event } from '@linksmate/proto';
import { Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconCalendarEvent, IconCurrencyDollar, IconMapPin } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../../lib/paths';
import { formatDateTime, hasBooking, placeOf, priceOf } from '../event-text';
import { BookingBadge } from './BookingBadge';
import { CapacityBar } from './CapacityBar';
import { EventTypeChip } from './EventTypeChip';

function Fact({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Group gap={8} wrap="nowrap" align="flex-start">
      <span style={{ display: 'inline-flex', marginTop: 2, flexShrink: 0 }}>{icon}</span>
      <Text size="sm" style={{ minWidth: 0 }}>
        {children}
      </Text>
    </Group>
  );
}

/**
 * Spec 2 "Event Listings": one event. Title, type, venue and city, when, price, the capacity bar,
 * the person's booking badge, and 'View Event' once they are in (else 'View Details').
 */
export function EventCard({ event }: { event: Event }) {
  const href = paths.event.href(event.id);
  return (
    <Card
      shadow="xs"
      padding="lg"
      h="100%"
      component="article"
      aria-label={event.title}
      data-testid="event-card"
    >
      <Stack gap="sm" h="100%">
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          <EventTypeChip type={event.event_type} />
          <BookingBadge status={event.user_booking_status} />
        </Group>
        <Title order={2} fz="lg" lh={1.3}>
          <Link to={href} style={{ color: 'inherit', textDecoration: 'none' }}>
            {event.title}
          </Link>
        </Title>
        <Stack gap={6}>
          {placeOf(event) && <Fact icon={<IconMapPin size={16} aria-hidden />}>{placeOf(event)}</Fact>}
          <Fact icon={<IconCalendarEvent size={16} aria-hidden />}>{formatDateTime(event.start_time)}</Fact>
          <Fact icon={<IconCurrencyDollar size={16} aria-hidden />}>
            <span>
              {priceOf(event)}
              {event.has_paid_slots && event.price_per_participant > 0 && (
                <Text span size="xs" c="dimmed">
                  {' '}
                  + GST
                </Text>
              )}
            </span>
          </Fact>
        </Stack>
        <div style={{ marginTop: 'auto' }}>
          <CapacityBar taken={event.current_participant_count} capacity={event.capacity} />
          <Button
            component={Link}
            to={href}
            fullWidth
            mt="md"
            variant={hasBooking(event) ? 'filled' : 'light'}
            aria-label={`${hasBooking(event) ? 'View Event' : 'View Details'}: ${event.title}`}
          >
            {hasBooking(event) ? 'View Event' : 'View Details'}
          </Button>
        </div>
      </Stack>
    </Card>
  );
}

export function EventCardSkeleton() {
  return (
    <Card shadow="xs" padding="lg">
      <Stack gap="sm">
        <Skeleton height={20} width={110} radius="xl" />
        <Skeleton height={22} width="75%" />
        <Skeleton height={14} width="60%" />
        <Skeleton height={14} width="55%" />
        <Skeleton height={14} width="30%" />
        <Skeleton height={10} mt="sm" radius="xl" />
        <Skeleton height={36} mt="sm" />
      </Stack>
    </Card>
  );
}
