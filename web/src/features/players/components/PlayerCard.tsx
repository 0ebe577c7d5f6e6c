import { displayName } from '@linksmate/proto/rules';
import { Avatar, Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { AvailabilityBadge } from '../../../components/AvailabilityBadge';
import { formatHandicap } from '../../../lib/golf';
import { paths } from '../../../lib/paths';
import { capitalise, initialsOf } from '../../../lib/text';
import type { PlayerCard as Player } from '../api/find-players';

/** One golfer in the discovery list: who they are, how they play, and a way to their profile. */
export function PlayerCard({ player }: { player: Player }) {
  const name = displayName(player);
  return (
    <Card
      shadow="xs"
      h="100%"
      data-testid="player-card"
      data-skill={player.skill_level ?? undefined}
      component="article"
      aria-label={name}
    >
      <Stack gap="sm" h="100%">
        <Group gap="md" wrap="nowrap" align="center">
          <Avatar src={player.profile_image_url} size={64} radius={32} color="fairway" alt="">
            {initialsOf(name)}
          </Avatar>
          <div style={{ minWidth: 0 }}>
            <Text fw={600} size="lg" truncate component="h2" m={0}>
              {name}
            </Text>
            <Text size="sm" c="dimmed" truncate>
              @{player.username}
            </Text>
          </div>
        </Group>
        <Group gap="xs">
          {player.skill_level && (
            <Badge variant="light" color="fairway" c="fairway.9">
              {capitalise(player.skill_level)}
            </Badge>
          )}
          {player.manual_handicap !== null && (
            <Badge variant="light" color="sand" c="sand.9">
              Handicap {formatHandicap(player.manual_handicap)}
            </Badge>
          )}
          <AvailabilityBadge status={player.availability_status} />
        </Group>
        {player.availability_status_message && (
          <Text size="sm" lineClamp={2}>
            {player.availability_status_message}
          </Text>
        )}
        {player.club_memberships_text && (
          <Text size="sm" c="dimmed" lineClamp={2}>
            {player.club_memberships_text}
          </Text>
        )}
        <Button component={Link} to={paths.userProfile.href(player.id)} variant="light" mt="auto" fullWidth>
          View Profile
        </Button>
      </Stack>
    </Card>
  );
}
