import { isSiteAdminRole, VENUE_MESSAGES } from '@linksmate/proto/rules';
import { Button, Center, Group, Loader, Stack, Tabs, Text, Title } from '@mantine/core';
import {
  IconArrowLeft,
  IconExternalLink,
  IconGolf,
  IconInfoCircle,
  IconPencil,
  IconPhoto,
} from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { LoadFailure } from '../../../components/LoadStates';
import { ApiError } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { useSession } from '../../../lib/session-context';
import { useAdminVenue } from '../api/get-admin-venue';
import { CoursesTab } from '../components/CoursesTab';
import { FeaturedImagePanel } from '../components/FeaturedImagePanel';
import { GalleryPanel } from '../components/GalleryPanel';
import { VenueDetailsTab } from '../components/VenueDetailsTab';
import { VenueStatusBadges } from '../components/VenueStatusBadges';
import { isListed } from '../components/VenuesTable';
import { VenueWizardModal } from '../components/VenueWizardModal';
import { placeOf } from '../components/venue-text';

const LOAD_FAILED = 'Failed to load venue details';
const TABS = ['details', 'media', 'courses'] as const;
type Tab = (typeof TABS)[number];

function BackToVenues() {
  return (
    <Button
      component={Link}
      to={paths.admin.venues.href()}
      variant="subtle"
      size="compact-sm"
      leftSection={<IconArrowLeft size={16} aria-hidden />}
      w="fit-content"
    >
      Back to Venues
    </Button>
  );
}

/**
 * Spec 3 "Admin venue detail" (/admin/venues/{id}): one venue's details and its media, the featured
 * image and the gallery to manage, and its courses (docs/product.md#courses). Facility admins reach
 * it for the venues they run.
 */
export function VenueAdminDetailPage() {
  const { role } = useSession();
  const canManage = isSiteAdminRole(role);
  const { venueId } = useParams();
  const id = Number(venueId);
  const validId = Number.isInteger(id) && id > 0;
  const venue = useAdminVenue(id, validId);
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab: Tab = TABS.find((t) => t === asked) ?? 'details';
  const [editing, setEditing] = useState(false);

  const notFound = !validId || (venue.error instanceof ApiError && venue.error.status === 404);
  if (notFound || venue.isError)
    return (
      <Stack gap="md">
        <BackToVenues />
        {notFound ? (
          <Stack gap="xs">
            <Title order={1} size="h2">
              {VENUE_MESSAGES.notFound}
            </Title>
            <Text c="dimmed">It may have been deleted, or it is not one of the venues you manage.</Text>
          </Stack>
        ) : (
          <LoadFailure
            title={LOAD_FAILED}
            detail={venue.error?.message}
            onRetry={() => void venue.refetch()}
            retrying={venue.isFetching}
          />
        )}
      </Stack>
    );
  if (!venue.data)
    return (
      <Center py={80} role="status" aria-label="Loading the venue">
        <Loader />
      </Center>
    );

  const shown = venue.data.venue;
  const place = placeOf(shown);
  return (
    <Stack gap="lg">
      <BackToVenues />
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
        <Stack gap={6}>
          <Title order={1} size="h2">
            {shown.name}
          </Title>
          {place && <Text c="dimmed">{place}</Text>}
          <VenueStatusBadges venue={shown} size="md" />
        </Stack>
        <Group gap="sm">
          {isListed(shown) && (
            <Button
              component={Link}
              to={paths.venue.href(shown.id)}
              variant="default"
              leftSection={<IconExternalLink size={16} aria-hidden />}
            >
              View public page
            </Button>
          )}
          {canManage && (
            <Button leftSection={<IconPencil size={16} aria-hidden />} onClick={() => setEditing(true)}>
              Edit venue
            </Button>
          )}
        </Group>
      </Group>

      <Tabs
        value={tab}
        onChange={(value) =>
          setParams(
            (current) => {
              const next = new URLSearchParams(current);
              if (value && value !== 'details') next.set('tab', value);
              else next.delete('tab');
              return next;
            },
            { replace: true },
          )
        }
        keepMounted={false}
      >
        <Tabs.List>
          <Tabs.Tab value="details" leftSection={<IconInfoCircle size={16} aria-hidden />}>
            Details
          </Tabs.Tab>
          <Tabs.Tab value="media" leftSection={<IconPhoto size={16} aria-hidden />}>
            Media
          </Tabs.Tab>
          <Tabs.Tab value="courses" leftSection={<IconGolf size={16} aria-hidden />}>
            Courses
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="details" pt="md">
          <VenueDetailsTab venue={shown} />
        </Tabs.Panel>
        <Tabs.Panel value="media" pt="md">
          <Stack gap="md">
            <FeaturedImagePanel venue={shown} />
            <GalleryPanel venue={shown} />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="courses" pt="md">
          <CoursesTab venueId={shown.id} />
        </Tabs.Panel>
      </Tabs>

      {canManage && (
        <VenueWizardModal
          opened={editing}
          venueId={shown.id}
          withCommercials={canManage}
          onClose={() => setEditing(false)}
        />
      )}
    </Stack>
  );
}
