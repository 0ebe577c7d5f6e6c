import { PAGE_SIZES, VENUE_SEARCH_MAX_LENGTH } from '@linksmate/proto/rules';
import {
  Alert,
  Button,
  Group,
  Input,
  Loader,
  Pagination,
  Paper,
  Radio,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCheck, IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useFindVenues, type VenueListItem } from '../../../entities/venue/api/find-venues';

const LIMIT = PAGE_SIZES.venuePicker;
const SEARCH_DEBOUNCE_MS = 300;

const placeOf = (venue: Pick<VenueListItem, 'suburb' | 'city' | 'state'>) =>
  [venue.suburb ?? venue.city, venue.state].filter(Boolean).join(', ');

/**
 * Spec 2 "Create member game": the venue picker, searched by name (and place), ten venues a page
 * (docs/product.md#community-limits), with 'Add New Venue' beside it.
 */
export function VenuePicker({
  id,
  value,
  error,
  onChange,
  onAddVenue,
}: {
  id: string;
  value: VenueListItem | null;
  error?: string;
  onChange(venue: VenueListItem): void;
  onAddVenue(): void;
}) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [page, setPage] = useState(1);
  const venues = useFindVenues({ search: debounced || undefined, limit: LIMIT, offset: (page - 1) * LIMIT });
  const totalPages = Math.max(1, Math.ceil((venues.data?.count ?? 0) / LIMIT));
  const errorId = `${id}-error`;

  return (
    <Input.Wrapper
      label="Venue"
      required
      error={error}
      errorProps={{ id: errorId }}
      // The message sits under the label, where the eye is, not below ten venues and the pages.
      inputWrapperOrder={['label', 'description', 'error', 'input']}
      description="Search by name, suburb or state, then choose where you'll play."
    >
      <Stack gap="xs" mt={6}>
        {value && (
          <Paper withBorder p="xs" bg="green.0" data-testid="selected-venue">
            <Group gap="xs" wrap="nowrap">
              <IconCheck size={18} aria-hidden color="var(--mantine-color-green-8)" />
              <Text size="sm">
                <Text span fw={600}>
                  {value.name}
                </Text>
                {placeOf(value) && ` · ${placeOf(value)}`}
              </Text>
            </Group>
          </Paper>
        )}
        <Group gap="xs" align="flex-start" wrap="wrap">
          <TextInput
            id={id}
            aria-label="Search venues"
            aria-describedby={error ? errorId : undefined}
            aria-invalid={!!error}
            placeholder="Search venues"
            leftSection={<IconSearch size={16} aria-hidden />}
            rightSection={venues.isFetching ? <Loader size={14} aria-hidden /> : null}
            value={search}
            maxLength={VENUE_SEARCH_MAX_LENGTH}
            onChange={(event) => {
              setSearch(event.currentTarget.value);
              setPage(1);
            }}
            style={{ flex: '1 1 240px' }}
          />
          <Button variant="light" leftSection={<IconPlus size={16} aria-hidden />} onClick={onAddVenue}>
            Add New Venue
          </Button>
        </Group>
        {venues.isError ? (
          <Alert color="red" variant="light" role="alert">
            Failed to load venues. Please try again.
          </Alert>
        ) : venues.isPending ? (
          <Stack gap={6}>
            {[0, 1, 2, 3].map((slot) => (
              <Skeleton key={slot} height={44} radius="sm" />
            ))}
          </Stack>
        ) : venues.data.venues.length === 0 ? (
          <Text size="sm" c="dimmed" py="sm">
            No venues found. Try another name, or add the venue.
          </Text>
        ) : (
          <Radio.Group
            aria-label="Venues"
            value={value ? String(value.id) : null}
            onChange={(chosen) => {
              const venue = venues.data.venues.find((item) => String(item.id) === chosen);
              if (venue) onChange(venue);
            }}
          >
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing={6} verticalSpacing={6} data-testid="venue-options">
              {venues.data.venues.map((venue) => (
                <Radio.Card key={venue.id} value={String(venue.id)} p="xs" radius="sm">
                  <Group wrap="nowrap" gap="sm">
                    <Radio.Indicator size="sm" />
                    <span>
                      <Text
                        component="span"
                        display="block"
                        size="sm"
                        fw={500}
                        data-testid="venue-option-name"
                      >
                        {venue.name}
                      </Text>
                      {placeOf(venue) && (
                        <Text component="span" display="block" size="xs" c="dimmed">
                          {placeOf(venue)}
                        </Text>
                      )}
                    </span>
                  </Group>
                </Radio.Card>
              ))}
            </SimpleGrid>
          </Radio.Group>
        )}
        {totalPages > 1 && (
          <Pagination
            total={totalPages}
            value={page}
            onChange={setPage}
            size="sm"
            siblings={1}
            boundaries={1}
            getControlProps={(control) => ({
              'aria-label': control === 'previous' ? 'Previous venues' : 'Next venues',
            })}
            getItemProps={(number) => ({ 'aria-label': `Venue page ${number}` })}
          />
        )}
      </Stack>
    </Input.Wrapper>
  );
}
