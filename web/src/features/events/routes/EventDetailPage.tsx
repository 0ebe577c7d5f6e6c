import { Button, Card, Container, Grid, Group, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCalendarOff } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { LoadFailure } from '../../../components/LoadStates';
import { ApiError } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/document-title';
import { paths } from '../../../lib/paths';
import { useEvent } from '../api/get-event';
import { paintedTitleOf } from '../api/painted-title';
import { BackToEvents, EventDetail, EventTitle } from '../components/EventDetail';
import { useEventPushes } from '../components/use-event-pushes';

/**
 * The event while its details load, laid out as EventDetail down to the title (the back link, the
 * chips' row at a badge's height, the `<h1>`), so the title, when known from the page's HTML, stays
 * where it is as the details come.
 */
function DetailSkeleton({ title }: { title: string | undefined }) {
  return (
    <Stack gap="lg" role="status" aria-busy="true" aria-label="Loading event">
      <div>
        <BackToEvents />
      </div>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Card shadow="xs" padding="lg">
            <Stack gap="md">
              <Group gap="xs">
                <Skeleton height={20} width={120} radius="xl" />
              </Group>
              {title === undefined ? <Skeleton height={34} width="70%" /> : <EventTitle title={title} />}
              <Stack gap="sm">
                {[0, 1, 2, 3].map((row) => (
                  <Group key={row} gap="sm" wrap="nowrap">
                    <Skeleton height={36} width={36} radius="md" />
                    <Skeleton height={14} width="50%" />
                  </Group>
                ))}
              </Stack>
            </Stack>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Card shadow="xs" padding="lg">
            <Stack gap="sm">
              <Skeleton height={20} width="40%" />
              <Skeleton height={10} radius="xl" />
              <Skeleton height={42} />
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
          <IconCalendarOff size={32} aria-hidden />
        </ThemeIcon>
        <Title order={1} fz="h2">
          Event not found
        </Title>
        <Text c="dimmed">This event does not exist or has been removed.</Text>
        <Button component={Link} to={paths.events.href()} mt="xs">
          Back to Events
        </Button>
      </Stack>
    </Card>
  );
}

/** An event id in the address is a positive whole number; anything else is no event. */
const idOf = (value: string | undefined) => {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
};

/** Spec 2 "Event detail" (/events/{eventId}): loading, 'Failed to load event details', not found. */
export function EventDetailPage() {
  const id = idOf(useParams().eventId);
  const { data, error, isPending, isFetching, refetch } = useEvent(id ?? 0, id !== null);
  useEventPushes();
  usePageTitle(data?.title);

  let content: ReactNode;
  if (id === null || (error instanceof ApiError && error.status === 404)) content = <NotFound />;
  else if (error)
    content = (
      <Stack gap="md" maw={640} mx="auto" mt="md">
        <div>
          <BackToEvents />
        </div>
        <LoadFailure
          title="Failed to load event details"
          onRetry={() => void refetch()}
          retrying={isFetching}
        />
      </Stack>
    );
  else if (isPending) content = <DetailSkeleton title={paintedTitleOf(id)} />;
  else content = <EventDetail event={data} />;

  return (
    <Container size="lg" py="lg">
      {content}
    </Container>
  );
}
