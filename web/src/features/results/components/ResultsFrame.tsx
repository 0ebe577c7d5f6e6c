import type { ResultsReply } from '@linksmate/proto';
import { RESULT_MESSAGES } from '@linksmate/proto/rules/results';
import { Button, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { LoadFailure } from '../../../components/LoadStates';
import { StatusBadge } from '../../../components/StatusBadge';
import { ApiError } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/document-title';
import { paths } from '../../../lib/paths';
import { useResults } from '../api/get-results';

const STATUS_TEXT: Record<ResultsReply['status'], { label: string; color: string }> = {
  not_open: { label: 'Scoring not open', color: 'gray' },
  open: { label: 'Scoring open', color: 'blue' },
  closed: { label: 'Final', color: 'green' },
};

/** An event id in the address is a positive whole number; anything else is no event. */
const idOf = (value: string | undefined) => {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
};

/**
 * The frame the scoring and results pages share: the event's title, date and venue, the scoring's
 * state, the way back to the event, and the read's loading, refusal and failure states.
 */
export function ResultsFrame({
  page,
  children,
}: {
  page: string;
  children: (results: ResultsReply, eventId: number) => ReactNode;
}) {
  const eventId = idOf(useParams().eventId);
  const query = useResults(eventId ?? 0);
  const results = query.data;
  usePageTitle(results ? `${page}: ${results.event.title}` : undefined);
  const back = eventId === null ? paths.events.href() : paths.event.href(eventId);
  let content: ReactNode;
  if (eventId === null || (query.error instanceof ApiError && query.error.status === 404))
    content = <Text>{RESULT_MESSAGES.eventNotFound}</Text>;
  else if (query.error instanceof ApiError && query.error.status === 403)
    content = <Text>{RESULT_MESSAGES.notInGame}</Text>;
  else if (query.error)
    content = (
      <LoadFailure
        title={`Failed to load the ${page.toLowerCase()}`}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  else if (!results) content = <Loader aria-label={`Loading the ${page.toLowerCase()}`} />;
  else
    content = (
      <Stack gap="lg">
        <Stack gap={4}>
          <Group gap="sm">
            <Title order={1} fz={{ base: 'h2', sm: 'h1' }}>
              {page}: {results.event.title}
            </Title>
            <StatusBadge color={STATUS_TEXT[results.status].color}>
              {STATUS_TEXT[results.status].label}
            </StatusBadge>
          </Group>
          <Text c="dimmed" size="sm">
            {new Date(results.event.start_time).toLocaleDateString('en-AU', { dateStyle: 'medium' })}
            {results.event.venue_name && ` · ${results.event.venue_name}`}
            {results.tees.length > 0 &&
              ` · ${results.tees[0]!.course_name}: ${results.tees.map((tee) => tee.name).join(' and ')} tees`}
          </Text>
        </Stack>
        {children(results, eventId)}
      </Stack>
    );
  return (
    <Container size="lg" py="lg">
      <Stack gap="md">
        <div>
          <Button
            component={Link}
            to={back}
            variant="subtle"
            color="dark"
            leftSection={<IconArrowLeft size={16} aria-hidden />}
            px={0}
          >
            Back to the event
          </Button>
        </div>
        {content}
      </Stack>
    </Container>
  );
}
