import { COACH_MAX_CARD_SPECIALTIES } from '@linksmate/proto/rules';
import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconMapPin, IconRosetteDiscountCheck } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { paths } from '../../../lib/paths';
import type { Coach } from '../api/get-coaches';
import { CoachAvatar } from './CoachAvatar';
import { coachName, experience, hourlyRate, specialtyLabel } from './coach-text';
import { MessageCoachButton } from './MessageCoachButton';

/**
 * One coach in the list (spec 2 "Find Coaches"): picture or initials, Verified, bio, experience, up
 * to three specialties, the hourly rate, 'View Profile' and a message button. `from` is the list's
 * address, so the detail's 'Back to Coaches' returns to the same page and search.
 */
export function CoachCard({ coach, from }: { coach: Coach; from: string }) {
  const name = coachName(coach);
  const years = experience(coach.years_experience);
  const rate = hourlyRate(coach.hourly_rate);
  return (
    <Card
      shadow="xs"
      h="100%"
      component="article"
      aria-label={name}
      data-testid="coach-card"
      data-specialties={coach.specialties.join(',')}
    >
      <Stack gap="sm" h="100%">
        <Group gap="md" wrap="nowrap" align="center">
          <CoachAvatar coach={coach} alt="" size={64} radius={32} />
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Text fw={600} size="lg" component="h3" m={0} lh={1.3} lineClamp={2}>
              {name}
            </Text>
            {coach.is_verified && (
              <Badge
                color="fairway.8"
                variant="filled"
                size="sm"
                leftSection={<IconRosetteDiscountCheck size={12} aria-hidden />}
              >
                Verified
              </Badge>
            )}
          </Stack>
        </Group>
        {coach.bio && (
          <Text size="sm" lineClamp={3}>
            {coach.bio}
          </Text>
        )}
        {(years || coach.venue_name) && (
          <Stack gap={2}>
            {years && (
              <Text size="sm" c="dimmed">
                {years}
              </Text>
            )}
            {coach.venue_name && (
              <Group gap={4} wrap="nowrap" c="dimmed">
                <IconMapPin size={14} aria-hidden style={{ flexShrink: 0 }} />
                <Text size="sm" c="dimmed" truncate>
                  {coach.venue_name}
                </Text>
              </Group>
            )}
          </Stack>
        )}
        {coach.specialties.length > 0 && (
          <Group gap={6}>
            {coach.specialties.slice(0, COACH_MAX_CARD_SPECIALTIES).map((specialty) => (
              <Badge key={specialty} variant="light" color="fairway" c="fairway.9" tt="none">
                {specialtyLabel(specialty)}
              </Badge>
            ))}
          </Group>
        )}
        <Text fw={700} size="lg" c="fairway.8" mt="auto" pt="xs">
          {rate ?? 'Rate on request'}
        </Text>
        <Group gap="xs" grow wrap="nowrap">
          <Button component={Link} to={paths.coach.href(coach.id)} state={{ from }} variant="light">
            View Profile
          </Button>
          <MessageCoachButton coach={coach} variant="default" />
        </Group>
      </Stack>
    </Card>
  );
}
