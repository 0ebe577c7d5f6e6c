import type { VenueReply } from '@linksmate/proto';
import { Button, Card, Container, Grid, Group, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMapPinOff } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { LoadFailure } from '../../../components/LoadStates';
import { useVenue } from '../../../entities/venue/api/get-venue';
import { ApiError } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { useVenueBySlug } from '../api/get-venue-by-slug';
/** The carousel's items: the featured picture first, then the gallery in its order; drawings when none. */
import { useBackToVenues, VenueDetail } from '../components/VenueDetail';

function DetailSkeleton() {
  return (
    <Stack gap="lg" role="status" aria-busy="true" aria-label="Loading venue">
      <Skeleton radius="lg" style={{ aspectRatio: '16 / 9', maxHeight: 520 }} />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Card shadow="xs">
            <Stack gap="sm">
              <Skeleton height={32} width="60%" />
              <Skeleton height={14} width="45%" />
              <Group gap={6}>
                <Skeleton height={22} width={100} radius="xl" />
                <Skeleton height={22} width={80} radius="xl" />
              </Group>
              <Skeleton height={12} mt="sm" />
              <Skeleton height={12} />
              <Skeleton height={12} width="85%" />
            </Stack>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Card shadow="xs">
            <Stack gap="sm">
              <Skeleton height={20} width="40%" />
              <Skeleton height={14} />
              <Skeleton height={14} />
            </Stack>
          </Card>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

function NotFound() {
  return (
    <Card shadow="xs" p="xl" maw={560} mx="auto" mt="xl">
      <Stack align="center" ta="center" gap="sm" py="lg">
        <ThemeIcon size={64} radius="xl" variant="light">
          <IconMapPinOff size={32} aria-hidden />
        </ThemeIcon>
        <Title order={1} fz="h2">
          Venue Not Found
        </Title>
        <Text c="dimmed">This venue does not exist or is no longer listed.</Text>
        <Button component={Link} to={paths.venues.href()} mt="xs">
          Browse All Venues
        </Button>
      </Stack>
    </Card>
  );
}

/**
 * docs/product.md#community-errors: the error's own message, or 'Failed to load venue details'. A server failure's message
 * ('Internal Server Error') tells a visitor nothing, so it gets the spec's sentence too.
 */
const errorMessage = (error: Error) =>
  error instanceof ApiError && error.status < 500 && error.message
    ? error.message
    : 'Failed to load venue details';

/** Spec 2: loading skeleton; 'Venue Not Found' for a 404; any other failure with 'Try Again'. */
function VenueScreen({ result, known }: { result: UseQueryResult<VenueReply>; known: boolean }) {
  const back = useBackToVenues();
  const { data, error, isPending, isFetching, refetch } = result;
  let content: ReactNode;
  if (!known || (error instanceof ApiError && error.status === 404)) content = <NotFound />;
  else if (error)
    content = (
      <LoadFailure
        title={errorMessage(error)}
        onRetry={() => void refetch()}
        retrying={isFetching}
        actions={
          <Button size="xs" variant="default" component={Link} to={back}>
            Back to Venues
          </Button>
        }
        maw={640}
        mx="auto"
        mt="xl"
      />
    );
  else if (isPending) content = <DetailSkeleton />;
  else content = <VenueDetail venue={data.venue} />;
  return (
    <Container size="lg" py="lg">
      {content}
    </Container>
  );
}

/** A venue id in the address is a positive whole number; anything else is no venue. */
const idOf = (value: string | undefined) => {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
};

/** Spec 2 "Venue detail" at /venues/{venueId}. */
export function VenueByIdPage() {
  const id = idOf(useParams().venueId);
  const result = useVenue(id);
  return <VenueScreen result={result} known={id !== null} />;
}

/** Spec 2 "Venue detail" at /venue/{slug}. */
export function VenueBySlugPage() {
  const slug = useParams().slug ?? '';
  const result = useVenueBySlug(slug, slug !== '');
  return <VenueScreen result={result} known={slug !== ''} />;
}
