import { COACH_SPECIALTY_LABELS } from '@linksmate/proto/rules';
import { Avatar, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconMapPin } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { Coach } from '../../../entities/coach/api/get-coach';
import type { Venue } from '../../../entities/venue/api/get-venue';
import { initialsOf } from '../../../lib/text';

/** A summary line with its label for screen readers and sighted people alike. */
function Line({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" tt="uppercase" fw={700} c="dimmed" lts={0.5}>
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </div>
  );
}

function SummaryCard({
  name,
  image,
  kind,
  children,
}: {
  name: string;
  image: string | null;
  kind: string;
  children: ReactNode;
}) {
  return (
    <Card shadow="xs" component="section" aria-label={`The ${kind} profile`}>
      <Stack gap="md">
        <Group gap="md" wrap="nowrap">
          <Avatar src={image} size={72} radius={kind === 'coach' ? 36 : 'md'} color="fairway" alt="">
            {initialsOf(name)}
          </Avatar>
          <div style={{ minWidth: 0 }}>
            <Text size="xs" tt="uppercase" fw={700} c="fairway.8" lts={0.5}>
              {kind === 'coach' ? 'Coach profile' : 'Venue profile'}
            </Text>
            <Title order={2} fz="xl" style={{ overflowWrap: 'anywhere' }}>
              {name}
            </Title>
          </div>
        </Group>
        {children}
      </Stack>
    </Card>
  );
}

const specialtyLabel = (specialty: string) =>
  COACH_SPECIALTY_LABELS[specialty as keyof typeof COACH_SPECIALTY_LABELS] ??
  specialty.replace(/_/g, ' ').replace(/\b\w/g, (letter) => letter.toUpperCase());

/** Spec 2 "Claim profile": the coach's name, specialties, location and about. */
export function CoachSummary({ coach }: { coach: Coach }) {
  const name = [coach.first_name, coach.last_name].filter(Boolean).join(' ') || 'Coach';
  return (
    <SummaryCard name={name} image={coach.profile_image_url} kind="coach">
      {coach.specialties.length > 0 && (
        <Line label="Specialties">
          <Group gap={6} mt={4}>
            {coach.specialties.map((specialty) => (
              <Badge key={specialty} variant="light" color="fairway" c="fairway.9" tt="none">
                {specialtyLabel(specialty)}
              </Badge>
            ))}
          </Group>
        </Line>
      )}
      {coach.venue_name && (
        <Line label="Location">
          <Group gap={4} wrap="nowrap">
            <IconMapPin size={14} aria-hidden style={{ flexShrink: 0 }} />
            {coach.venue_name}
          </Group>
        </Line>
      )}
      {coach.bio && (
        <Line label="About">
          <Text size="sm" lineClamp={6}>
            {coach.bio}
          </Text>
        </Line>
      )}
    </SummaryCard>
  );
}

/** Spec 2 "Claim profile": the venue's name, address, location and about. */
export function VenueSummary({ venue }: { venue: Venue }) {
  const place = [venue.suburb || venue.city, [venue.state, venue.postal_code].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  return (
    <SummaryCard name={venue.name} image={venue.featured_image_url} kind="venue">
      {venue.address && <Line label="Address">{venue.address}</Line>}
      {place && (
        <Line label="Location">
          <Group gap={4} wrap="nowrap">
            <IconMapPin size={14} aria-hidden style={{ flexShrink: 0 }} />
            {place}
          </Group>
        </Line>
      )}
      {venue.description && (
        <Line label="About">
          <Text size="sm" lineClamp={6}>
            {venue.description}
          </Text>
        </Line>
      )}
    </SummaryCard>
  );
}
