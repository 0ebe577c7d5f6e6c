import {
  AVAILABILITY_STATUS_LABELS,
  DISCOVERY_AVAILABILITY_FILTERS,
  SKILL_LEVELS,
} from '@linksmate/proto/rules';
import {
  Alert,
  Button,
  Card,
  Container,
  Group,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconFilter, IconLock, IconUsersGroup } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useAddressQuery } from '../../../lib/address-query';
import { ApiError } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { useSession } from '../../../lib/session-context';
import { capitalise } from '../../../lib/text';
import { useFindPlayers } from '../api/find-players';
import { PlayerCard } from '../components/PlayerCard';
import {
  type AvailabilityFilter,
  discoveryQueryOf,
  SEARCH_PAGE_SIZE as LIMIT,
  type PlayerSearchState,
  type SkillFilter,
  searchOf,
} from './search-address';

// Mantine's Select treats '' as no choice; "all" stands for the filter being off.
const ALL = 'all';
const SKILL_OPTIONS = [
  { value: ALL, label: 'All Skill Levels' },
  ...SKILL_LEVELS.map((level) => ({ value: level, label: capitalise(level) })),
];
// The filter sends "Playing" for those currently playing (docs/product.md#community-states), labelled as the profile labels it.
const AVAILABILITY_OPTIONS = [
  { value: ALL, label: 'Any Availability' },
  ...DISCOVERY_AVAILABILITY_FILTERS.map((value) => ({
    value,
    label: value === 'Playing' ? AVAILABILITY_STATUS_LABELS.playing : value,
  })),
];

/** The filter form's answers: the search's filters, '' for off (the page is the address's alone). */
type PlayerFilters = Omit<PlayerSearchState, 'offset'>;

function LoginPrompt() {
  const location = useLocation();
  return (
    <Card shadow="xs" p="xl">
      <Stack align="center" ta="center" gap="md" py="lg">
        <ThemeIcon size={64} radius="xl" variant="light">
          <IconLock size={32} aria-hidden />
        </ThemeIcon>
        <Title order={2} fz="h3">
          Log in to find players
        </Title>
        <Text c="dimmed" maw={460}>
          Golfers share their profiles with other LinksMate members. Log in to see who's looking for a game,
          or create an account to join them.
        </Text>
        <Group gap="sm" justify="center">
          <Button
            component={Link}
            to={paths.login.href()}
            state={{ from: `${location.pathname}${location.search}` }}
          >
            Log in
          </Button>
          <Button component={Link} to={paths.register.href()} variant="default">
            Create an account
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

function ResultsSkeleton() {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} role="status" aria-busy="true" aria-label="Loading players">
      {[0, 1, 2, 3, 4, 5].map((slot) => (
        <Skeleton key={slot} height={230} radius="lg" />
      ))}
    </SimpleGrid>
  );
}

/**
 * Spec 2 "Player Discovery" (/players and /find-golfers): filter by skill level and availability,
 * ten golfers a page. The filters and the page live in the address, so a search can be shared,
 * reloaded and gone back to.
 */
export function PlayersPage() {
  const { isLoggedIn } = useSession();
  const { params, update: go } = useAddressQuery({ skill_level: '', availability_status: '', offset: 0 });
  const search = searchOf(params);
  const filters = useForm<PlayerFilters>({
    mode: 'controlled',
    initialValues: { skill_level: search.skill_level, availability_status: search.availability_status },
  });

  // Going back or forward to another search shows its filters in the form.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the address's filters refill the form
  useEffect(() => {
    filters.setValues({ skill_level: search.skill_level, availability_status: search.availability_status });
  }, [search.skill_level, search.availability_status]);

  const { data, error, isPending, isFetching, isPlaceholderData, refetch } = useFindPlayers(
    discoveryQueryOf(search),
    isLoggedIn,
  );
  const total = data?.total_count ?? 0;

  // docs/product.md#community-validation: the offset never goes below 0 or past the total; an address beyond the last page
  // shows the last page.
  useEffect(() => {
    if (!data || isPlaceholderData || search.offset < Math.max(total, 1)) return;
    const last = total === 0 ? 0 : Math.floor((total - 1) / LIMIT) * LIMIT;
    go({ ...search, offset: last }, true);
  });

  const apply = (values: PlayerFilters) => go({ ...values, offset: 0 });

  const from = total === 0 ? 0 : search.offset + 1;
  const to = Math.min(search.offset + LIMIT, total);
  const membershipRequired = error instanceof ApiError && error.membershipRequired;

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <div>
          <Group gap="sm">
            <ThemeIcon size={40} radius="md" variant="light">
              <IconUsersGroup size={24} aria-hidden />
            </ThemeIcon>
            <Title order={1}>Find Players</Title>
          </Group>
          <Text c="dimmed" mt="xs">
            Golfers across Australia looking for a game. Filter by skill level and availability to find your
            match.
          </Text>
        </div>

        {!isLoggedIn ? (
          <LoginPrompt />
        ) : (
          <>
            <Card shadow="xs" component="form" onSubmit={filters.onSubmit(apply)} aria-label="Player filters">
              <Group align="end" gap="md" wrap="wrap">
                <Select
                  label="Skill Level"
                  data={SKILL_OPTIONS}
                  value={filters.values.skill_level || ALL}
                  onChange={(value) =>
                    filters.setFieldValue('skill_level', (value === ALL ? '' : (value ?? '')) as SkillFilter)
                  }
                  allowDeselect={false}
                  w={{ base: '100%', xs: 220 }}
                  size="md"
                />
                <Select
                  label="Availability Status"
                  data={AVAILABILITY_OPTIONS}
                  value={filters.values.availability_status || ALL}
                  onChange={(value) =>
                    filters.setFieldValue(
                      'availability_status',
                      (value === ALL ? '' : (value ?? '')) as AvailabilityFilter,
                    )
                  }
                  allowDeselect={false}
                  w={{ base: '100%', xs: 220 }}
                  size="md"
                />
                <Button
                  type="submit"
                  size="md"
                  leftSection={<IconFilter size={16} aria-hidden />}
                  w={{ base: '100%', xs: 'auto' }}
                >
                  Apply Filters
                </Button>
              </Group>
            </Card>

            {membershipRequired ? (
              <Alert color="yellow" variant="light" title="Membership required" role="alert">
                <Stack gap="sm" align="flex-start">
                  <Text size="sm" c="dark.7">
                    You need an active membership to access this feature. Redirecting to membership page...
                  </Text>
                  <Button
                    component={Link}
                    to={paths.membership.href()}
                    state={{ required: true }}
                    size="xs"
                    color="dark"
                  >
                    Choose a membership
                  </Button>
                </Stack>
              </Alert>
            ) : error ? (
              <Alert
                color="red"
                variant="light"
                role="alert"
                icon={<IconAlertCircle size={18} aria-hidden />}
                title="Failed to fetch players. Please try again."
              >
                <Button size="xs" variant="default" onClick={() => void refetch()} loading={isFetching}>
                  Try again
                </Button>
              </Alert>
            ) : isPending ? (
              <ResultsSkeleton />
            ) : data.users.length === 0 ? (
              <Card shadow="xs" p="xl">
                <Stack align="center" ta="center" gap="xs" py="lg">
                  <Text fw={600}>No players found matching your criteria.</Text>
                  <Text size="sm" c="dimmed">
                    Try another skill level or availability.
                  </Text>
                </Stack>
              </Card>
            ) : (
              <Stack gap="lg" style={{ opacity: isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}>
                <SimpleGrid cols={{ base: 1, sm: 2 }} aria-busy={isPlaceholderData}>
                  {data.users.map((player) => (
                    <PlayerCard key={player.id} player={player} />
                  ))}
                </SimpleGrid>
                <Group justify="space-between" gap="sm" wrap="wrap">
                  <Text size="sm" c="dimmed" aria-live="polite">
                    Showing {from} to {to} of {total} players
                  </Text>
                  <Group gap="sm">
                    <Button
                      variant="default"
                      disabled={search.offset === 0 || isPlaceholderData}
                      onClick={() => go({ ...search, offset: Math.max(0, search.offset - LIMIT) })}
                    >
                      Previous
                    </Button>
                    <Button
                      variant="default"
                      disabled={search.offset + LIMIT >= total || isPlaceholderData}
                      onClick={() => go({ ...search, offset: search.offset + LIMIT })}
                    >
                      Next
                    </Button>
                  </Group>
                </Group>
              </Stack>
            )}
          </>
        )}
      </Stack>
    </Container>
  );
}
