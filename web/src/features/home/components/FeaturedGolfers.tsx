import { displayName } from '@linksmate/proto/rules/profile';
import { Anchor, Avatar, Badge, Card, Group, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { formatHandicap } from '../../../lib/golf';
import { paths } from '../../../lib/paths';
import { useSession } from '../../../lib/session-context';
import { capitalise, initialsOf } from '../../../lib/text';
import { type GolferCard, useFeaturedGolfers } from '../api/get-golfers';

/**
 * Shown when no golfers come back (docs/product.md#account-screens). Invented people, named unlike anyone in the demo
 * data, so a sample never contradicts a real profile.
 */
export const SAMPLE_GOLFERS: GolferCard[] = [
  {
    id: -1,
    firstName: 'Harriet',
    lastName: 'Lindqvist',
    username: 'harriet_l',
    profileImageUrl: null,
    skillLevel: 'intermediate',
    handicap: 15.4,
  },
  {
    id: -2,
    firstName: 'Rafael',
    lastName: 'Moreno',
    username: 'rafael_m',
    profileImageUrl: null,
    skillLevel: 'advanced',
    handicap: 5.1,
  },
  {
    id: -3,
    firstName: 'Anika',
    lastName: 'Thorsen',
    username: 'anika_t',
    profileImageUrl: null,
    skillLevel: 'beginner',
    handicap: 31,
  },
  {
    id: -4,
    firstName: 'Declan',
    lastName: 'Ashworth',
    username: 'declan_a',
    profileImageUrl: null,
    skillLevel: 'pro',
    handicap: 0,
  },
];

/** A golfer's tile; a real golfer's name leads to their profile, a sample's leads nowhere. */
function GolferTile({ golfer, linked }: { golfer: GolferCard; linked: boolean }) {
  const name = displayName(golfer);
  return (
    <Card shadow="xs" data-testid="golfer-card">
      <Stack align="center" gap="xs">
        <Avatar src={golfer.profileImageUrl} size={72} radius="xl" color="fairway" alt={name}>
          {initialsOf(name)}
        </Avatar>
        {linked ? (
          <Anchor component={Link} to={paths.userProfile.href(golfer.id)} fw={600} ta="center">
            {name}
          </Anchor>
        ) : (
          <Text fw={600} ta="center">
            {name}
          </Text>
        )}
        <Group gap={6} justify="center">
          <Text size="sm" c="dimmed">
            {`${capitalise(golfer.skillLevel ?? 'casual')} Golfer`}
          </Text>
          {golfer.handicap !== null && golfer.handicap > 0 && (
            <Badge variant="light" color="sand" c="sand.9">
              Handicap {formatHandicap(golfer.handicap)}
            </Badge>
          )}
        </Group>
      </Stack>
    </Card>
  );
}

export function FeaturedGolfers() {
  const { data, isLoading } = useFeaturedGolfers();
  const { isLoggedIn } = useSession();
  if (isLoading) {
    return (
      <SimpleGrid
        cols={{ base: 1, xs: 2, md: 4 }}
        role="status"
        aria-busy="true"
        aria-label="Loading golfers"
      >
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} height={190} radius="lg" />
        ))}
      </SimpleGrid>
    );
  }
  const real = !!data && data.length > 0;
  const golfers = real ? data : SAMPLE_GOLFERS;
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
        {golfers.slice(0, 4).map((golfer) => (
          <GolferTile key={golfer.id} golfer={golfer} linked={real} />
        ))}
      </SimpleGrid>
      {/* Invented people are never passed off as members. */}
      {!real && (
        <Text size="sm" c="dimmed">
          {isLoggedIn
            ? 'Examples of the golfers you can meet here.'
            : 'Examples of the golfers you can meet here. Log in to see who is playing.'}
        </Text>
      )}
    </Stack>
  );
}
