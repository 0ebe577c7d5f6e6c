import { EVENT_TYPES } from '@linksmate/proto/rules';
import {
  Button,
  Card,
  Container,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconCalendarEvent, IconPlus } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { CardGridSkeleton, LoadFailure } from '../../../components/LoadStates';
import { useAddressQuery } from '../../../lib/address-query';
import { paths } from '../../../lib/paths';
import { useEvents } from '../api/get-events';
import { EventCard, EventCardSkeleton } from '../components/EventCard';
import { useEventPushes } from '../components/use-event-pushes';
import { EVENT_TYPE_LABELS } from '../event-text';
import { eventsQueryOf, LISTING_PAGE_SIZE as LIMIT, listingOf } from './listing-address';

// Mantine's Select treats '' as no choice; "all" stands for the filter being off.
const ALL = 'all';
const TYPE_OPTIONS = [
  { value: ALL, label: 'All' },
  ...EVENT_TYPES.map((type) => ({ value: type, label: EVENT_TYPE_LABELS[type] })),
];

/**
 * Spec 2 "Event Listings" (/events): official events and member games, ten a page, filtered by type
 * and venue. The filters and the page live in the address, so a listing can be shared and reloaded.
 */
export function EventsPage() {
  const { params, update } = useAddressQuery({ event_type: '', venue_id: 0, page: 1 });
  const listing = listingOf(params);
  useEventPushes();
  const { data, error, isPending, isFetching, isPlaceholderData, refetch } = useEvents(
    eventsQueryOf(listing),
  );
  const count = data?.count ?? 0;
  const lastPage = Math.max(1, Math.ceil(count / LIMIT));

  // docs/product.md#community-validation: offsets never go past the total; an address beyond the last page shows the last page.
  useEffect(() => {
    if (!data || isPlaceholderData || listing.page <= lastPage) return;
    update({ page: lastPage }, true);
  });

  const changePage = (page: number) => {
    update({ page });
    window.scrollTo({ top: 0 });
  };

  // Spec 2: the venue filter offers only 'All Venues'. A listing opened for one venue (a link with
  // venue_id) also names that venue, so the filter says what is shown and can be switched off.
  const venueName = data?.events.find((event) => event.venue_id === listing.venue_id)?.venue_name;
  const venueOptions = [
    { value: ALL, label: 'All Venues' },
    ...(listing.venue_id ? [{ value: String(listing.venue_id), label: venueName ?? 'This venue' }] : []),
  ];

  const from = count === 0 ? 0 : (listing.page - 1) * LIMIT + 1;
  const to = Math.min(listing.page * LIMIT, count);

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end" gap="md">
          <div>
            <Group gap="sm" wrap="nowrap">
              <ThemeIcon size={40} radius="md" variant="light">
                <IconCalendarEvent size={24} aria-hidden />
              </ThemeIcon>
              <Title order={1}>Event Listings</Title>
            </Group>
            <Text c="dimmed" mt="xs">
              LinksMate events and games organised by members. Find one that suits you and join in.
            </Text>
          </div>
          <Button
            component={Link}
            to={paths.createGame.href()}
            leftSection={<IconPlus size={16} aria-hidden />}
            w={{ base: '100%', xs: 'auto' }}
          >
            Create Game
          </Button>
        </Group>

        <Card
          shadow="xs"
          component="form"
          role="search"
          aria-label="Event filters"
          onSubmit={(e) => e.preventDefault()}
        >
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" maw={{ base: '100%', sm: 520 }}>
            <Select
              label="Event Type"
              data={TYPE_OPTIONS}
              value={listing.event_type || ALL}
              onChange={(value) => update({ event_type: value === ALL || !value ? '' : value, page: 1 })}
              allowDeselect={false}
              size="md"
            />
            <Select
              label="Venue"
              data={venueOptions}
              value={listing.venue_id ? String(listing.venue_id) : ALL}
              onChange={(value) => update({ venue_id: value === ALL || !value ? 0 : Number(value), page: 1 })}
              allowDeselect={false}
              size="md"
            />
          </SimpleGrid>
        </Card>

        {error ? (
          <LoadFailure
            title="Failed to fetch events. Please try again."
            onRetry={() => void refetch()}
            retrying={isFetching}
          />
        ) : isPending ? (
          <CardGridSkeleton label="Loading events" card={(slot) => <EventCardSkeleton key={slot} />} />
        ) : count === 0 ? (
          <Card shadow="xs" p="xl" data-testid="event-results">
            <Stack align="center" ta="center" gap="sm" py="lg">
              <ThemeIcon size={56} radius="xl" variant="light">
                <IconCalendarEvent size={28} aria-hidden />
              </ThemeIcon>
              <Text fw={600} size="lg">
                No events found matching your criteria.
              </Text>
              <Button component={Link} to={paths.createGame.href()} mt="xs">
                Create Your Own Game
              </Button>
            </Stack>
          </Card>
        ) : (
          <Stack gap="lg" data-testid="event-results">
            <SimpleGrid
              cols={{ base: 1, sm: 2, md: 3 }}
              aria-busy={isPlaceholderData}
              style={{ opacity: isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}
            >
              {data.events.map((event) => (
                <EventCard key={event.id} event={event} />
              ))}
            </SimpleGrid>
            <Group justify="space-between" gap="sm" wrap="wrap">
              <Text size="sm" c="dimmed" aria-live="polite">
                Showing {from} to {to} of {count} events
              </Text>
              <Group gap="sm" component="nav" aria-label="Event pages">
                <Button
                  variant="default"
                  disabled={listing.page <= 1 || isPlaceholderData}
                  onClick={() => changePage(listing.page - 1)}
                >
                  Previous
                </Button>
                <Button
                  variant="default"
                  disabled={listing.page >= lastPage || isPlaceholderData}
                  onClick={() => changePage(listing.page + 1)}
                >
                  Next
                </Button>
              </Group>
            </Group>
          </Stack>
        )}
      </Stack>
    </Container>
  );
}
