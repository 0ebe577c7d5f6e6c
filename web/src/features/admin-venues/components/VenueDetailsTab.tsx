import type { AdminVenue } from '@linksmate/proto';
import { DAYS } from '@linksmate/proto/rules';
import { Anchor, Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { capitalise } from '../../../lib/text';
import { humanise, venueTypeLabel } from './venue-text';

type Row = [label: string, value: ReactNode];

/** Rows whose value is there: blank text, empty lists and nulls are left out. */
const present = (rows: Array<[string, ReactNode | null | undefined | false]>): Row[] =>
  rows.filter((row): row is Row => {
    const value = row[1];
    return value !== null && value !== undefined && value !== false && value !== '';
  });

const text = (value: string | null | undefined) => value?.trim() || null;
const link = (url: string | null | undefined) =>
  text(url) && (
    <Anchor
      href={url!}
      target="_blank"
      rel="noopener noreferrer"
      size="sm"
      style={{ overflowWrap: 'anywhere' }}
    >
      {url}
    </Anchor>
  );
const mail = (address: string | null | undefined) =>
  text(address) && (
    <Anchor href={`mailto:${address}`} size="sm" style={{ overflowWrap: 'anywhere' }}>
      {address}
    </Anchor>
  );
const person = (name: string | null, email: string | null, phone: string | null) => {
  const parts = [text(name), text(email) && mail(email), text(phone)].filter(Boolean);
  return parts.length ? (
    <Stack gap={0}>
      {parts.map((part, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts keep their order
        <Text key={index} size="sm" component="div">
          {part}
        </Text>
      ))}
    </Stack>
  ) : null;
};

/** A titled list of label and value, only when at least one value is there. */
function Section({ title, rows }: { title: string; rows: Row[] }) {
  if (rows.length === 0) return null;
  const id = `venue-section-${title.toLowerCase().replaceAll(' ', '-')}`;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={id}>
      <Title order={2} size="h4" mb="sm" id={id}>
        {title}
      </Title>
      <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm" m={0}>
        {rows.map(([label, value]) => (
          <div key={label}>
            <Text component="dt" size="xs" c="dimmed" fw={600} tt="uppercase">
              {label}
            </Text>
            <Text component="dd" size="sm" m={0} style={{ whiteSpace: 'pre-line' }}>
              {value}
            </Text>
          </div>
        ))}
      </SimpleGrid>
    </Paper>
  );
}

/** Spec 3 "Admin venue detail", Details: basic info, location and contact, each only when present. */
export function VenueDetailsTab({ venue }: { venue: AdminVenue }) {
  const hours = DAYS.flatMap((day) => {
    const value = Object.entries(venue.business_hours).find(([key]) => key.toLowerCase() === day)?.[1];
    return value?.trim() ? [`${capitalise(day)}: ${value.trim()}`] : [];
  });
  const basic = present([
    ['Description', text(venue.description)],
    [
      'Types',
      venue.venue_type.length > 0 && (
        <Group gap={4} component="span">
          {venue.venue_type.map((type) => (
            <Badge key={type} variant="light" color="gray" tt="none" component="span">
              {venueTypeLabel(type)}
            </Badge>
          ))}
        </Group>
      ),
    ],
    ['Course type', venue.course_type && humanise(venue.course_type)],
    ['Rounds offered', text(venue.rounds_offered)],
    ['Review status', venue.review_status !== 'approved' && capitalise(venue.review_status)],
    ['Slug', text(venue.slug)],
  ]);
  const location = present([
    ['Address', text(venue.address)],
    ['Suburb', text(venue.suburb)],
    ['City', text(venue.city)],
    ['State', text(venue.state)],
    ['Postcode', text(venue.postal_code)],
    ['Country', text(venue.country)],
    ['Region', text(venue.region)],
    [
      'Coordinates',
      venue.lat !== null && venue.lng !== null && `${venue.lat.toFixed(4)}, ${venue.lng.toFixed(4)}`,
    ],
  ]);
  const contact = present([
    ['Phone', text(venue.phone)],
    ['Email', mail(venue.email)],
    ['Website', link(venue.website_url)],
    ['Pro shop', person(venue.proshop_contact_names, venue.proshop_email, venue.proshop_phone_number)],
    [
      'Head golf professional',
      person(
        venue.head_golf_professional_name,
        venue.head_golf_professional_email,
        venue.head_golf_professional_phone,
      ),
    ],
    [
      'Teaching golf professional',
      person(
        venue.teaching_golf_professional_name,
        venue.teaching_golf_professional_email,
        venue.teaching_golf_professional_phone,
      ),
    ],
    ['Business hours', hours.length > 0 && hours.join('\n')],
  ]);
  const admin = present([
    ['Notes', text(venue.notes)],
    ['Commercials', text(venue.commercials)],
    ['Blockers', text(venue.blockers)],
  ]);
  const nothing = basic.length + location.length + contact.length + admin.length === 0;
  return (
    <Stack gap="md">
      <Section title="Basic information" rows={basic} />
      <Section title="Location" rows={location} />
      <Section title="Contact" rows={contact} />
      <Section title="Admin notes" rows={admin} />
      {nothing && <Text c="dimmed">No details have been added for this venue yet.</Text>}
    </Stack>
  );
}
