import {
  Anchor,
  AspectRatio,
  Badge,
  Box,
  Button,
  Card,
  Group,
  Image,
  Skeleton,
  Stack,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import {
  IconExternalLink,
  IconMapPin,
  IconPhone,
  IconPhoto,
  IconRosetteDiscountCheck,
} from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import type { VenueListItem } from '../../../entities/venue/api/find-venues';
import { paths } from '../../../lib/paths';
import { photosBadge, placeOf, venueTypeLabel } from '../venue-text';
import { VenueInitials } from './VenueInitials';

/** docs/product.md#community-limits: a card shows at most two venue types. */
const MAX_TYPE_CHIPS = 2;

/** Where 'View Details' leads: the venue's readable address when it has a slug, else its id. */
export const venueHref = (venue: { id: number; slug: string | null }) =>
  venue.slug ? paths.venueBySlug.href(venue.slug) : paths.venue.href(venue.id);

/**
 * Spec 2 "Venue directory": one venue in the grid. Its picture, or its initials on a colour of its
 * own when there is none or it fails to load; '+N photos', Verified, name, place, two type chips and
 * '+N more', the description, phone, website and 'View Details'. The page's first picture is its
 * largest paint (`first`), so it is fetched at once and ahead of the rest; the others wait until near view.
 */
export function VenueCard({ venue, first = false }: { venue: VenueListItem; first?: boolean }) {
  const [imageFailed, setImageFailed] = useState(false);
  // The detail's 'Back to Venues' returns to this page of the directory, filters and all.
  const location = useLocation();
  const showImage = !!venue.featured_image_url && !imageFailed;
  const place = placeOf(venue);
  const types = venue.venue_type.slice(0, MAX_TYPE_CHIPS);
  const moreTypes = venue.venue_type.length - types.length;
  return (
    <Card
      shadow="xs"
      padding={0}
      h="100%"
      component="article"
      aria-label={venue.name}
      data-testid="venue-card"
    >
      <Box pos="relative">
        <AspectRatio ratio={16 / 10}>
          {showImage ? (
            <Image
              src={venue.featured_image_url}
              alt={`Photo of ${venue.name}`}
              fit="cover"
              loading={first ? 'eager' : 'lazy'}
              fetchPriority={first ? 'high' : 'auto'}
              onError={() => setImageFailed(true)}
            />
          ) : (
            <VenueInitials name={venue.name} />
          )}
        </AspectRatio>
        <Group gap={6} pos="absolute" top={10} left={10} right={10} justify="space-between">
          {venue.gallery_count > 0 ? (
            <Badge
              color="dark.7"
              variant="filled"
              leftSection={<IconPhoto size={12} aria-hidden />}
              style={{ textTransform: 'none' }}
            >
              {photosBadge(venue.gallery_count)}
            </Badge>
          ) : (
            <span />
          )}
          {venue.is_verified && (
            <Badge
              color="fairway.8"
              variant="filled"
              leftSection={<IconRosetteDiscountCheck size={13} aria-hidden />}
            >
              Verified
            </Badge>
          )}
        </Group>
      </Box>
      <Stack gap="xs" p="md" style={{ flex: 1 }}>
        <div>
          <Text component="h2" fw={700} size="lg" lh={1.3} m={0} lineClamp={2}>
            {venue.name}
          </Text>
          {place && (
            <Group gap={4} wrap="nowrap" mt={2}>
              <IconMapPin size={14} aria-hidden color="var(--mantine-color-dimmed)" />
              <Text size="sm" c="dimmed" truncate>
                {place}
              </Text>
            </Group>
          )}
        </div>
        {types.length > 0 && (
          <Group gap={6}>
            {types.map((type) => (
              <Badge
                key={type}
                variant="light"
                color="fairway"
                c="fairway.9"
                style={{ textTransform: 'none' }}
              >
                {venueTypeLabel(type)}
              </Badge>
            ))}
            {moreTypes > 0 && (
              <Badge variant="outline" color="gray.7" style={{ textTransform: 'none' }}>
                +{moreTypes} more
              </Badge>
            )}
          </Group>
        )}
        {venue.description && (
          <Text size="sm" c="dark.6" lineClamp={3}>
            {venue.description}
          </Text>
        )}
        <Stack gap={4} mt="auto" pt="xs">
          {venue.phone && (
            <Anchor href={`tel:${venue.phone.replace(/[^\d+]/g, '')}`} size="sm" c="dark.7">
              <Group gap={6} wrap="nowrap" component="span">
                <IconPhone size={14} aria-hidden />
                {venue.phone}
              </Group>
            </Anchor>
          )}
          {venue.website_url && (
            <Anchor href={venue.website_url} target="_blank" rel="noopener noreferrer" size="sm">
              <Group gap={6} wrap="nowrap" component="span">
                <IconExternalLink size={14} aria-hidden />
                Visit Website
                <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
              </Group>
            </Anchor>
          )}
        </Stack>
        <Button
          component={Link}
          to={venueHref(venue)}
          state={{ from: `${location.pathname}${location.search}` }}
          variant="light"
          fullWidth
          mt="xs"
        >
          View Details
        </Button>
      </Stack>
    </Card>
  );
}

/** The shape of a card while the directory loads. */
export function VenueCardSkeleton() {
  return (
    <Card shadow="xs" padding={0} h="100%">
      <Skeleton height={0} pt="62.5%" radius={0} />
      <Stack gap="sm" p="md">
        <Skeleton height={20} width="70%" />
        <Skeleton height={12} width="40%" />
        <Group gap={6}>
          <Skeleton height={18} width={90} radius="xl" />
          <Skeleton height={18} width={70} radius="xl" />
        </Group>
        <Skeleton height={10} />
        <Skeleton height={10} />
        <Skeleton height={10} width="80%" />
        <Skeleton height={34} mt="xs" />
      </Stack>
    </Card>
  );
}
