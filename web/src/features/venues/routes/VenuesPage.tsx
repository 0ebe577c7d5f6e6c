import type { FilterOption } from '@linksmate/proto';
import { VENUE_SEARCH_MAX_LENGTH } from '@linksmate/proto/rules';
import {
  Badge,
  Box,
  Button,
  Card,
  CloseButton,
  Container,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconFilterOff, IconMapPinSearch, IconSearch } from '@tabler/icons-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { CardGridSkeleton, LoadFailure } from '../../../components/LoadStates';
import { useFindVenues } from '../../../entities/venue/api/find-venues';
import { useClubAmenityOptions } from '../api/get-club-amenities';
import { useCourseAmenityOptions } from '../api/get-course-amenities';
import { useVenueStateOptions } from '../api/get-venue-states';
import { useVenueTypeOptions } from '../api/get-venue-types';
import { PageButtons } from '../components/PageButtons';
import { VenueCard, VenueCardSkeleton } from '../components/VenueCard';
import { amenityLabel, venueTypeLabel } from '../venue-text';
import {
  type Directory,
  directoryOf,
  DIRECTORY_PAGE_SIZE as LIMIT,
  paramsOf,
  venuesQueryOf,
} from './directory-address';
import classes from './VenuesPage.module.css';

type SelectFilter = 'state' | 'venue_type' | 'course_amenity' | 'club_amenity';

/** Typing pauses this long before the search is sent (and written into the address). */
const SEARCH_DEBOUNCE_MS = 350;

// Mantine's Select treats '' as no choice; "all" stands for the filter being off.
const ALL = 'all';

/** A select's options, with "all" first and the chosen value kept even if the list lacks it. */
function optionsWith(options: FilterOption[], chosen: string, label: (value: string) => string) {
  const withChosen =
    chosen && !options.some((option) => option.value === chosen)
      ? [...options, { value: chosen, label: label(chosen) }]
      : options;
  return [{ value: ALL, label: 'All' }, ...withChosen];
}

function reduceMotion() {
  return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
}

/**
 * Spec 2 "Venue directory" (/venues): search by name, four selects, twelve venues a page. Every
 * filter and the page live in the address, so a search can be shared, reloaded and gone back to.
 */
export function VenuesPage() {
  const [params, setParams] = useSearchParams();
  const directory = directoryOf(params);

  // From the address as it is when called (not as this render saw it): a change never undoes another.
  const go = (next: Partial<Directory>, options: { replace?: boolean } = {}) =>
    setParams((current) => paramsOf({ ...directoryOf(current), page: 1, ...next }), {
      replace: options.replace,
      // Filtering keeps the place on the page; a new page scrolls up on its own (below).
      preventScrollReset: true,
    });

  // The search box sends what is typed once typing pauses; the address follows without adding a
  // history entry per pause. `written` is the last search this page put there, so an address
  // changed by going back or forward (and only that) refills the box.
  const [text, setText] = useState(directory.search);
  const [debounced] = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  const written = useRef(directory.search);
  useEffect(() => {
    if (directory.search !== written.current) {
      written.current = directory.search;
      setText(directory.search);
    }
  }, [directory.search]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `go` reads the address when called; only a new pause sends.
  useEffect(() => {
    if (debounced.trim() === written.current.trim()) return;
    written.current = debounced;
    go({ search: debounced }, { replace: true });
  }, [debounced]);

  const { data, error, isPending, isFetching, isPlaceholderData, refetch } = useFindVenues(
    venuesQueryOf(directory),
  );
  const count = data?.count ?? 0;
  // Which search the results on screen answer: the address's once they arrive, none while the
  // previous page stands in (what a test, or a script reading the page, can wait for).
  const shownSearch = isPlaceholderData ? undefined : paramsOf(directory).toString();
  const totalPages = Math.ceil(count / LIMIT);
  // The first picture on the page is its largest paint: fetched at once, not when scrolled near.
  const firstPictured = data?.venues.find((venue) => venue.featured_image_url)?.id;

  // An address past the last page (an old link, fewer venues now) shows the last page.
  useEffect(() => {
    if (!data || isPlaceholderData || directory.page <= Math.max(totalPages, 1)) return;
    go({ page: Math.max(totalPages, 1) }, { replace: true });
  });

  const changePage = (page: number) => {
    go({ page });
    window.scrollTo({ top: 0, behavior: reduceMotion() ? 'auto' : 'smooth' });
  };

  const stateOptions = useVenueStateOptions();
  const typeOptions = useVenueTypeOptions();
  const courseOptions = useCourseAmenityOptions();
  const clubOptions = useClubAmenityOptions();

  // Spec 2: 'Clear Filters' shows when any filter but the region is set; the region stays.
  const filtered =
    !!directory.search.trim() ||
    !!directory.state ||
    !!directory.venue_type ||
    !!directory.course_amenity ||
    !!directory.club_amenity;
  const clearFilters = () => {
    written.current = '';
    setText('');
    go({ search: '', state: '', venue_type: '', course_amenity: '', club_amenity: '' });
  };

  const select = (name: SelectFilter) => (value: string | null) =>
    go({ [name]: value === ALL || value === null ? '' : value });

  const selects: { name: SelectFilter; label: string; data: FilterOption[] }[] = [
    {
      name: 'state',
      label: 'State',
      data: optionsWith(stateOptions, directory.state, (value) => value),
    },
    {
      name: 'venue_type',
      label: 'Venue Type',
      data: optionsWith(typeOptions, directory.venue_type, venueTypeLabel),
    },
    {
      name: 'course_amenity',
      label: 'Course Amenity',
      data: optionsWith(courseOptions, directory.course_amenity, amenityLabel),
    },
    {
      name: 'club_amenity',
      label: 'Club Amenity',
      data: optionsWith(clubOptions, directory.club_amenity, amenityLabel),
    },
  ];

  return (
    <>
      <Box className={classes.hero}>
        <Container size="lg" pt={{ base: 40, md: 64 }} pb={{ base: 72, md: 96 }}>
          <Group gap="md" wrap="nowrap" align="center">
            <ThemeIcon size={52} radius="md" color="sand.4" c="dark.9" visibleFrom="xs">
              <IconMapPinSearch size={30} aria-hidden />
            </ThemeIcon>
            <Title order={1} className={classes.title}>
              Discover Golf Venues
            </Title>
          </Group>
          <Text size="lg" c="fairway.0" mt="sm" maw={640}>
            Golf courses, driving ranges and practice facilities across Australia. Find where to play next.
          </Text>
        </Container>
      </Box>

      <Container size="lg" pb="xl" className={classes.body}>
        <Stack gap="lg">
          <Card
            shadow="sm"
            padding="lg"
            component="form"
            role="search"
            aria-label="Venue filters"
            onSubmit={(event: FormEvent) => {
              // Enter searches at once, without waiting for the pause.
              event.preventDefault();
              if (text.trim() !== written.current.trim()) {
                written.current = text;
                go({ search: text }, { replace: true });
              }
            }}
          >
            <Stack gap="md">
              <TextInput
                label="Search venues"
                placeholder="Search by venue name"
                value={text}
                onChange={(event) => setText(event.currentTarget.value)}
                leftSection={<IconSearch size={18} aria-hidden />}
                maxLength={VENUE_SEARCH_MAX_LENGTH}
                type="search"
                size="md"
              />
              <SimpleGrid cols={{ base: 2, md: 4 }} spacing={{ base: 'sm', sm: 'md' }}>
                {selects.map((filter) => (
                  <Select
                    key={filter.name}
                    label={filter.label}
                    data={filter.data}
                    value={directory[filter.name] || ALL}
                    onChange={select(filter.name)}
                    allowDeselect={false}
                    comboboxProps={{ withinPortal: true }}
                    size="md"
                  />
                ))}
              </SimpleGrid>
              {(filtered || directory.region) && (
                <Group justify="space-between" gap="sm">
                  {directory.region ? (
                    <Badge
                      size="lg"
                      variant="light"
                      color="fairway"
                      c="fairway.9"
                      style={{ textTransform: 'none' }}
                      rightSection={
                        <CloseButton
                          size="xs"
                          aria-label={`Remove the region ${directory.region}`}
                          onClick={() => go({ region: '' })}
                        />
                      }
                    >
                      Region: {directory.region}
                    </Badge>
                  ) : (
                    <span />
                  )}
                  {filtered && (
                    <Button
                      variant="subtle"
                      color="dark"
                      c="dark.7"
                      leftSection={<IconFilterOff size={16} aria-hidden />}
                      onClick={clearFilters}
                    >
                      Clear Filters
                    </Button>
                  )}
                </Group>
              )}
            </Stack>
          </Card>

          {error ? (
            <LoadFailure
              title="Failed to load venues. Please try again."
              onRetry={() => void refetch()}
              retrying={isFetching}
            />
          ) : isPending ? (
            <CardGridSkeleton label="Loading venues" card={(slot) => <VenueCardSkeleton key={slot} />} />
          ) : count === 0 ? (
            <Card shadow="xs" p="xl" data-testid="venue-results" data-search={shownSearch}>
              <Stack align="center" ta="center" gap="xs" py="lg">
                <ThemeIcon size={56} radius="xl" variant="light">
                  <IconMapPinSearch size={28} aria-hidden />
                </ThemeIcon>
                <Title order={2} fz="h3">
                  No venues found
                </Title>
                <Text c="dimmed" maw={440}>
                  {filtered || directory.region
                    ? 'Try another search or fewer filters to see more venues.'
                    : 'No venues are listed yet. Please check back soon.'}
                </Text>
                {filtered && (
                  <Button variant="light" mt="xs" onClick={clearFilters}>
                    Clear Filters
                  </Button>
                )}
              </Stack>
            </Card>
          ) : (
            <Stack gap="lg" data-testid="venue-results" data-search={shownSearch}>
              <Group justify="space-between" align="baseline">
                <Title order={2} fz="h3" aria-live="polite" data-testid="venue-count">
                  {count} {count === 1 ? 'Venue' : 'Venues'} Found
                </Title>
              </Group>
              <SimpleGrid
                cols={{ base: 1, sm: 2, md: 3 }}
                aria-busy={isPlaceholderData}
                style={{ opacity: isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}
              >
                {data.venues.map((venue) => (
                  <VenueCard key={venue.id} venue={venue} first={venue.id === firstPictured} />
                ))}
              </SimpleGrid>
              <PageButtons
                page={Math.min(directory.page, Math.max(totalPages, 1))}
                totalPages={totalPages}
                onChange={changePage}
                disabled={isPlaceholderData}
              />
            </Stack>
          )}
        </Stack>
      </Container>
    </>
  );
}
