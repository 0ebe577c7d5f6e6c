import {
  Anchor,
  Badge,
  Button,
  Card,
  Grid,
  Group,
  List,
  SimpleGrid,
  Stack,
  Table,
  Text,
  ThemeIcon,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import {
  IconArrowLeft,
  IconCheck,
  IconExternalLink,
  IconMail,
  IconMapPin,
  IconPhone,
  IconRosetteDiscountCheck,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import type { Venue } from '../../../entities/venue/api/get-venue';
import { paths } from '../../../lib/paths';
import { illustrationsFor } from '../illustrations';
import {
  amenityLabel,
  composeAddress,
  courseTypeLabel,
  hoursInWeekOrder,
  venueTypeLabel,
} from '../venue-text';
import { LocationCard } from './LocationCard';
import { MediaCarousel, type Slide } from './MediaCarousel';

/** The carousel's items: the featured picture first, then the gallery in its order; drawings when none. */
function slidesOf(venue: Venue): Slide[] {
  const gallery = [...venue.gallery].sort((a, b) => a.position - b.position);
  const slides: Slide[] = [];
  if (venue.featured_image_url && !gallery.some((item) => item.url === venue.featured_image_url))
    slides.push({ kind: 'image', src: venue.featured_image_url, key: 'featured' });
  for (const item of gallery) {
    slides.push(
      item.media_type === 'video'
        ? { kind: 'video', src: item.url, poster: item.thumbnail_url, key: `media-${item.id}` }
        : { kind: 'image', src: item.url, key: `media-${item.id}` },
    );
  }
  if (slides.length > 0) return slides;
  return illustrationsFor(venue.venue_type).map((illustration) => ({
    kind: 'illustration',
    src: illustration.src,
    subject: illustration.subject,
    key: illustration.src,
  }));
}

const yesNo = (value: boolean | null) => (value === null ? null : value ? 'Yes' : 'No');

/** The course facts worth a golfer's glance, those the venue has (the dress code, a sentence, has its own row). */
function courseFacts(venue: Venue): { label: string; value: string }[] {
  const facts: { label: string; value: string | null }[] = [
    { label: 'Course Type', value: venue.course_type && courseTypeLabel(venue.course_type) },
    { label: 'Holes', value: venue.course_full_length === null ? null : String(venue.course_full_length) },
    {
      label: 'Course Length',
      value:
        venue.course_length_metres === null
          ? null
          : `${venue.course_length_metres.toLocaleString('en-AU')} m`,
    },
    { label: 'Rounds Offered', value: venue.rounds_offered },
    { label: 'Carts Available', value: yesNo(venue.carts_available) },
  ];
  return facts.filter((fact): fact is { label: string; value: string } => !!fact.value);
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card shadow="xs">
      <Title order={2} fz="h4" mb="sm">
        {title}
      </Title>
      {children}
    </Card>
  );
}

/** Where 'Back to Venues' leads: the directory as it was left (its filters and page), else its start. */
export function useBackToVenues() {
  const { state } = useLocation() as { state: { from?: unknown } | null };
  return typeof state?.from === 'string' && state.from.startsWith(paths.venues.path)
    ? state.from
    : paths.venues.href();
}

export function VenueDetail({ venue }: { venue: Venue }) {
  const back = useBackToVenues();
  const address = composeAddress(venue);
  const hours = hoursInWeekOrder(venue.business_hours);
  const facts = courseFacts(venue);
  const today = new Date().toLocaleDateString('en-AU', { weekday: 'long' });
  const hasContact = !!(venue.phone || venue.email || venue.website_url);
  return (
    <Stack gap="md">
      <div>
        <Button
          component={Link}
          to={back}
          variant="subtle"
          color="dark"
          c="dark.7"
          px={6}
          leftSection={<IconArrowLeft size={16} aria-hidden />}
        >
          Back to Venues
        </Button>
      </div>
      <MediaCarousel slides={slidesOf(venue)} venueName={venue.name} />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="lg">
            <Card shadow="xs">
              <Stack gap="sm">
                <Group gap="sm" align="center">
                  <Title order={1} fz={{ base: 26, sm: 32 }} lh={1.15}>
                    {venue.name}
                  </Title>
                  {venue.is_verified && (
                    <Badge
                      color="fairway.8"
                      variant="filled"
                      size="lg"
                      leftSection={<IconRosetteDiscountCheck size={15} aria-hidden />}
                    >
                      Verified
                    </Badge>
                  )}
                </Group>
                {address && (
                  <Group gap={6} wrap="nowrap" align="flex-start">
                    <IconMapPin size={18} aria-hidden style={{ flexShrink: 0, marginTop: 3 }} />
                    <Text c="dimmed" data-testid="venue-address">
                      {address}
                    </Text>
                  </Group>
                )}
                {venue.venue_type.length > 0 && (
                  <Group gap={6} aria-label="Venue type">
                    {venue.venue_type.map((type) => (
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
                  </Group>
                )}
                {venue.description && (
                  <Text style={{ whiteSpace: 'pre-line' }} mt="xs">
                    {venue.description}
                  </Text>
                )}
              </Stack>
            </Card>

            {(facts.length > 0 || venue.dress_code) && (
              <Section title="Course Details">
                <Stack gap="md">
                  {facts.length > 0 && (
                    <SimpleGrid
                      cols={{ base: 2, sm: 3 }}
                      spacing="md"
                      verticalSpacing="md"
                      component="dl"
                      m={0}
                    >
                      {facts.map((fact) => (
                        <div key={fact.label}>
                          <Text component="dt" size="sm" c="dimmed">
                            {fact.label}
                          </Text>
                          <Text component="dd" fw={600} m={0}>
                            {fact.value}
                          </Text>
                        </div>
                      ))}
                    </SimpleGrid>
                  )}
                  {venue.dress_code && (
                    <dl style={{ margin: 0 }}>
                      <Text component="dt" size="sm" c="dimmed">
                        Dress Code
                      </Text>
                      <Text component="dd" m={0}>
                        {venue.dress_code}
                      </Text>
                    </dl>
                  )}
                </Stack>
              </Section>
            )}

            {venue.amenities.length > 0 && (
              <Section title="Amenities">
                <SimpleGrid cols={2} spacing="xs" verticalSpacing="xs">
                  {venue.amenities.map((amenity) => (
                    <Group key={amenity} gap="xs" wrap="nowrap">
                      <ThemeIcon size={22} radius="xl" variant="light">
                        <IconCheck size={14} aria-hidden />
                      </ThemeIcon>
                      <Text size="sm">{amenityLabel(amenity)}</Text>
                    </Group>
                  ))}
                </SimpleGrid>
              </Section>
            )}
          </Stack>
        </Grid.Col>

        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="lg">
            {hasContact && (
              <Section title="Contact">
                <List spacing="sm" listStyleType="none" styles={{ itemWrapper: { width: '100%' } }}>
                  {venue.phone && (
                    <List.Item>
                      <Anchor href={`tel:${venue.phone.replace(/[^\d+]/g, '')}`} c="dark.7">
                        <Group gap="xs" wrap="nowrap" component="span">
                          <IconPhone size={18} aria-hidden />
                          {venue.phone}
                        </Group>
                      </Anchor>
                    </List.Item>
                  )}
                  {venue.email && (
                    <List.Item>
                      <Anchor href={`mailto:${venue.email}`} c="dark.7" style={{ wordBreak: 'break-all' }}>
                        <Group gap="xs" wrap="nowrap" component="span">
                          <IconMail size={18} aria-hidden style={{ flexShrink: 0 }} />
                          {venue.email}
                        </Group>
                      </Anchor>
                    </List.Item>
                  )}
                  {venue.website_url && (
                    <List.Item>
                      <Anchor href={venue.website_url} target="_blank" rel="noopener noreferrer">
                        <Group gap="xs" wrap="nowrap" component="span">
                          <IconExternalLink size={18} aria-hidden />
                          Visit Website
                          <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
                        </Group>
                      </Anchor>
                    </List.Item>
                  )}
                </List>
              </Section>
            )}

            {hours.length > 0 && (
              <Section title="Business Hours">
                <Table verticalSpacing={6} horizontalSpacing={0} withRowBorders={false}>
                  <Table.Tbody>
                    {hours.map(({ day, text }) => (
                      <Table.Tr key={day} fw={day === today ? 700 : undefined}>
                        <Table.Th scope="row" fw="inherit" pr="md">
                          {day}
                        </Table.Th>
                        <Table.Td ta="right">{text}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Section>
            )}

            {venue.lat !== null && venue.lng !== null && (
              <LocationCard lat={venue.lat} lng={venue.lng} venueName={venue.name} />
            )}

            <Text size="sm" c="dimmed" ta="center">
              Do you run {venue.name}?{' '}
              <Anchor
                component={Link}
                to={paths.claimProfile.href('venue', venue.id)}
                size="sm"
                underline="always"
              >
                Claim this profile
              </Anchor>
            </Text>
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
