import {
  COACH_MESSAGES,
  COACH_SPECIALTIES,
  COACH_SPECIALTY_LABELS,
  PAGE_SIZES,
} from '@linksmate/proto/rules';
import {
  Button,
  Card,
  Container,
  Group,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconSchool, IconSearch } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { LoadFailure } from '../../../components/LoadStates';
import { useAddressQuery } from '../../../lib/address-query';
import { useCoaches } from '../api/get-coaches';
import { CoachCard } from '../components/CoachCard';
import { matchesSearch, matchesSpecialty } from '../components/coach-text';

const LIMIT = PAGE_SIZES.coaches;

// Mantine's Select treats '' as no choice; "all" stands for the filter being off (docs/product.md#community-limits).
const ALL = 'all';
const SPECIALTY_OPTIONS = [
  { value: ALL, label: 'All Specialties' },
  ...COACH_SPECIALTIES.map((value) => ({ value, label: COACH_SPECIALTY_LABELS[value] })),
];

/** The page, search and specialty the address carries; anything unknown there counts as none, page one. */
function searchOf(params: URLSearchParams) {
  const page = Number(params.get('page') ?? 1);
  const specialty = params.get('specialty') ?? '';
  return {
    search: params.get('search') ?? '',
    specialty: (COACH_SPECIALTIES as readonly string[]).includes(specialty) ? specialty : '',
    page: Number.isSafeInteger(page) && page > 1 ? page : 1,
  };
}

const coachesFound = (n: number) => `${n} ${n === 1 ? 'Coach' : 'Coaches'} Found`;

function ResultsSkeleton() {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} role="status" aria-busy="true" aria-label="Loading coaches">
      {[0, 1, 2, 3, 4, 5].map((slot) => (
        <Skeleton key={slot} height={300} radius="lg" />
      ))}
    </SimpleGrid>
  );
}

/**
 * Spec 2 "Find Coaches" (/find-coaches): twelve coaches a page; the search box and the specialty
 * filter narrow the page that is loaded, on the client. Page, search and specialty live in the
 * address, so coming back from a coach finds the list as it was left.
 */
export function FindCoachesPage() {
  const { params, update } = useAddressQuery({ search: '', specialty: '', page: 1 });
  const location = useLocation();
  const { search, specialty, page } = searchOf(params);
  const { data, error, isPending, isFetching, isPlaceholderData, refetch } = useCoaches({
    limit: LIMIT,
    offset: (page - 1) * LIMIT,
  });
  const total = data?.total ?? 0;
  const totalPages = Math.max(1, Math.ceil(total / LIMIT));

  // docs/product.md#community-validation: never past the total; an address beyond the last page shows the last page.
  useEffect(() => {
    if (data && !isPlaceholderData && page > totalPages) update({ page: totalPages }, true);
  });

  // A new page starts at the top, where its first coaches are (not on the first render).
  const shownPage = useRef(page);
  useEffect(() => {
    if (shownPage.current === page) return;
    shownPage.current = page;
    window.scrollTo({ top: 0 });
  }, [page]);

  const coaches = (data?.coaches ?? []).filter(
    (coach) => matchesSearch(coach, search) && matchesSpecialty(coach, specialty),
  );
  const filtering = search.trim() !== '' || specialty !== '';
  // Unfiltered, every coach there is was found; filtered, the matches on this page.
  const found = filtering ? coaches.length : total;
  const from = `${location.pathname}${location.search}`;

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <div>
          <Group gap="sm">
            <ThemeIcon size={40} radius="md" variant="light">
              <IconSchool size={24} aria-hidden />
            </ThemeIcon>
            <Title order={1}>Find Coaches</Title>
          </Group>
          <Text c="dimmed" mt="xs">
            PGA professionals and experienced coaches across Australia. Search by name or specialty and get in
            touch to book a lesson.
          </Text>
        </div>

        <Card
          shadow="xs"
          component="form"
          role="search"
          aria-label="Coach search"
          onSubmit={(event) => event.preventDefault()}
        >
          <Group align="end" gap="md" wrap="wrap">
            <TextInput
              label="Search"
              placeholder="Search by name or specialties"
              value={search}
              onChange={(event) => update({ search: event.currentTarget.value }, true)}
              leftSection={<IconSearch size={16} aria-hidden />}
              type="search"
              style={{ flex: '1 1 260px' }}
            />
            <Select
              label="Specialty"
              data={SPECIALTY_OPTIONS}
              value={specialty || ALL}
              onChange={(value) => update({ specialty: value === ALL ? '' : (value ?? '') }, true)}
              allowDeselect={false}
              w={{ base: '100%', xs: 220 }}
              size="md"
            />
          </Group>
        </Card>

        {error ? (
          <LoadFailure
            title={COACH_MESSAGES.listFailed}
            detail="Something went wrong while loading coaches."
            onRetry={() => void refetch()}
            retrying={isFetching}
          />
        ) : isPending ? (
          <ResultsSkeleton />
        ) : (
          <Stack gap="lg">
            <Group justify="space-between" align="baseline" gap="xs">
              <Title order={2} fz="h3" aria-live="polite">
                {coachesFound(found)}
              </Title>
              {filtering && totalPages > 1 && (
                <Text size="sm" c="dimmed">
                  Search and specialty look through this page of coaches.
                </Text>
              )}
            </Group>

            {total === 0 ? (
              <Card shadow="xs" p="xl">
                <Stack align="center" ta="center" gap="xs" py="lg">
                  <Text fw={600}>No coaches found</Text>
                  <Text size="sm" c="dimmed">
                    No coaches are listed yet. Check back soon.
                  </Text>
                </Stack>
              </Card>
            ) : coaches.length === 0 ? (
              <Card shadow="xs" p="xl">
                <Stack align="center" ta="center" gap="sm" py="lg">
                  <Text fw={600}>No coaches match your search</Text>
                  <Text size="sm" c="dimmed">
                    {totalPages > 1
                      ? 'Try other words or another specialty, or look on the other pages.'
                      : 'Try other words or another specialty.'}
                  </Text>
                  <Button variant="default" onClick={() => update({ search: '', specialty: '' }, false)}>
                    Clear search
                  </Button>
                </Stack>
              </Card>
            ) : (
              <SimpleGrid
                cols={{ base: 1, sm: 2, lg: 3 }}
                aria-busy={isPlaceholderData}
                style={{ opacity: isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}
              >
                {coaches.map((coach) => (
                  <CoachCard key={coach.id} coach={coach} from={from} />
                ))}
              </SimpleGrid>
            )}

            {total > 0 && (
              <Stack gap="xs" align="center">
                <Group gap="sm" justify="center" component="nav" aria-label="Coach pages">
                  <Button
                    variant="default"
                    disabled={page <= 1 || isPlaceholderData}
                    onClick={() => update({ page: page - 1 }, false)}
                  >
                    Previous
                  </Button>
                  <Text size="sm" fw={500}>
                    Page {Math.min(page, totalPages)} of {totalPages}
                  </Text>
                  <Button
                    variant="default"
                    disabled={page >= totalPages || isPlaceholderData}
                    onClick={() => update({ page: page + 1 }, false)}
                  >
                    Next
                  </Button>
                </Group>
                <Text size="sm" c="dimmed">
                  Showing {coaches.length} of {total} total coaches
                </Text>
              </Stack>
            )}
          </Stack>
        )}
      </Stack>
    </Container>
  );
}
