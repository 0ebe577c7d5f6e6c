import type { LiveFiguresReply } from '@linksmate/proto';
import {
  Alert,
  Badge,
  Card,
  Container,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { NotFoundPage } from '../../../components/NotFound';
import { ApiError } from '../../../lib/api-client';
import { useLiveFigures } from '../api/get-live-figures';

const number = (value: number | null, digits = 0) =>
  value === null
    ? '–'
    : value.toLocaleString('en-AU', { maximumFractionDigits: digits, minimumFractionDigits: digits });

function Figure({ label, value, hint }: { label: string; value: string; hint: string }) {
  return (
    <Card withBorder radius="md" padding="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={28} fw={700}>
        {value}
      </Text>
      <Text size="xs" c="dimmed">
        {hint}
      </Text>
    </Card>
  );
}

function ServicesTable({ figures }: { figures: LiveFiguresReply }) {
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped highlightOnHover verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Service</Table.Th>
            <Table.Th ta="right">Requests/s</Table.Th>
            <Table.Th ta="right">p99</Table.Th>
            <Table.Th ta="right">Server errors</Table.Th>
            <Table.Th ta="right">Outbox waiting</Table.Th>
            <Table.Th ta="right">Oldest waiting</Table.Th>
            <Table.Th ta="right">DB connections in use</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {figures.services.map((row) => (
            <Table.Tr key={row.service} data-testid="service-figures">
              <Table.Td fw={600}>{row.service}</Table.Td>
              <Table.Td ta="right">{number(row.requests_per_second, 1)}</Table.Td>
              <Table.Td ta="right">{row.p99_ms === null ? '–' : `${number(row.p99_ms, 1)} ms`}</Table.Td>
              <Table.Td ta="right">{number(row.server_errors)}</Table.Td>
              <Table.Td ta="right">{number(row.outbox_backlog)}</Table.Td>
              <Table.Td ta="right">
                {row.outbox_oldest_age_seconds === null
                  ? '–'
                  : `${number(row.outbox_oldest_age_seconds, 1)} s`}
              </Table.Td>
              <Table.Td ta="right">
                {number(row.db_connections_in_use)}
                {row.db_requests_waiting ? ` (+${row.db_requests_waiting} waiting)` : ''}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Development only: what this run's metrics say now, read again every 5 seconds. */
export function LiveFiguresPage() {
  const { data, isPending, error } = useLiveFigures();
  // Without the embedded run's figures the page does not exist, like its API.
  if (error instanceof ApiError && error.status === 404) return <NotFoundPage />;

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <div>
          <Group gap="xs">
            <Title order={1}>Live figures</Title>
            <Badge color="sand" c="dark.8">
              dev only
            </Badge>
          </Group>
          <Text c="dimmed">
            What this run&apos;s metrics say{data ? ` over the last ${data.window_seconds} s` : ''}, read
            again every 5 seconds. Prometheus reads the same figures from the metrics address{' '}
            <Text span ff="monospace">
              make run
            </Text>{' '}
            printed.
          </Text>
        </div>
        {isPending && <Skeleton height={240} radius="lg" />}
        {error && !(error instanceof ApiError && error.status === 404) && (
          <Alert color="red" variant="light">
            The figures could not be loaded.
          </Alert>
        )}
        {data && (
          <>
            <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }}>
              <Figure
                label="Events handled"
                value={`${number(data.events_consumed_per_second, 1)}/s`}
                hint={`${number(data.events_retried)} retried`}
              />
              <Figure label="Dead letters" value={number(data.dead_letters)} hint="waiting to be replayed" />
              <Figure label="Sockets" value={number(data.sockets)} hint="browsers connected" />
              <Figure label="Pushes" value={`${number(data.pushes_per_second, 1)}/s`} hint="to browsers" />
              <Figure
                label="Event loop lag"
                value={
                  data.event_loop_lag_p99_ms === null ? '–' : `${number(data.event_loop_lag_p99_ms, 1)} ms`
                }
                hint="p99"
              />
              <Figure
                label="Services answering"
                value={number(data.services.filter((row) => row.service !== 'gateway').length)}
                hint="behind the gateway"
              />
            </SimpleGrid>
            <ServicesTable figures={data} />
          </>
        )}
      </Stack>
    </Container>
  );
}
