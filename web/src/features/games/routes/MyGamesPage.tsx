import { Button, Container, Group, Pagination, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { LoadFailure } from '../../../components/LoadStates';
import { useLiveQueries } from '../../../lib/live-queries';
import { paths } from '../../../lib/paths';
import { useMyGames } from '../api/get-my-games';
import { gamesKeys } from '../api/keys';
import { MyGameCard } from '../components/MyGameCard';

const LIMIT = 20;
/** A new request, or a player leaving, changes the games' counts and requests. */
const GAME_PUSHES = ['join-request:submitted', 'booking:cancelled', 'booking:status-changed'] as const;

/** Spec 2 "My Created Games" (/my-games): the creator's games and the requests waiting on them. */
export function MyGamesPage() {
  const [page, setPage] = useState(1);
  const games = useMyGames({ limit: LIMIT, offset: (page - 1) * LIMIT });
  useLiveQueries(GAME_PUSHES, () => [gamesKeys.all], [gamesKeys.all]);
  const totalPages = Math.max(1, Math.ceil((games.data?.total ?? 0) / LIMIT));

  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end">
          <div>
            <Title order={1}>My Created Games</Title>
            <Text c="dimmed" mt={4}>
              Approve or reject the golfers who ask to join your games.
            </Text>
          </div>
          <Button
            component={Link}
            to={paths.createGame.href()}
            leftSection={<IconPlus size={16} aria-hidden />}
          >
            Create Game
          </Button>
        </Group>
        {games.isError ? (
          <LoadFailure
            title="Failed to fetch your games"
            onRetry={() => void games.refetch()}
            retrying={games.isFetching}
          />
        ) : games.isPending ? (
          <Stack gap="md">
            {[0, 1, 2].map((slot) => (
              <Skeleton key={slot} height={160} radius="md" />
            ))}
          </Stack>
        ) : games.data.events.length === 0 ? (
          <Stack align="center" gap="sm" py="xl">
            <Text c="dimmed">You haven't created any games yet.</Text>
            <Button component={Link} to={paths.createGame.href()} variant="light">
              Create Your Own Game
            </Button>
          </Stack>
        ) : (
          <Stack gap="md" data-testid="my-games">
            {games.data.events.map((game) => (
              <MyGameCard key={game.id} game={game} />
            ))}
          </Stack>
        )}
        {totalPages > 1 && (
          <Pagination
            total={totalPages}
            value={page}
            onChange={setPage}
            getControlProps={(control) => ({
              'aria-label': control === 'previous' ? 'Previous page' : 'Next page',
            })}
            style={{ alignSelf: 'center' }}
          />
        )}
      </Stack>
    </Container>
  );
}
