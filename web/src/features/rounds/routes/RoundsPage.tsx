import type { RoundSummary } from '@linksmate/proto';
import { HOLES_PLAYED_LABELS, ROUND_LIMITS, ROUND_MESSAGES } from '@linksmate/proto/rules/rounds';
import { Anchor, Button, Card, Container, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { LoadFailure } from '../../../components/LoadStates';
import { PageHeader } from '../../../components/PageHeader';
import { ShowingPagination } from '../../../components/ShowingPagination';
import { paths } from '../../../lib/paths';
import { useHandicap } from '../api/get-handicap';
import { useRounds } from '../api/get-rounds';
import { useRoundsToConfirm } from '../api/get-rounds-to-confirm';
import { useLiveRoundsToConfirm } from '../api/live-rounds';
import { HandicapSummary } from '../components/HandicapSummary';
import { RecordRoundForm } from '../components/RecordRoundForm';
import { RoundDecision } from '../components/RoundDecision';
import { RoundStatus } from '../components/RoundStatus';

const where = (round: RoundSummary) => `${round.venue_name} · ${round.course_name} · ${round.tee_name}`;
const dateOf = (date: string) =>
  new Date(`${date}T00:00:00`).toLocaleDateString('en-AU', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  });

/**
 * My Rounds (docs/product.md#rounds): the index, the rounds partners recorded that wait for a
 * decision, the form to record one, and the own rounds, newest first.
 */
export function RoundsPage() {
  const navigate = useNavigate();
  const [recording, setRecording] = useState(false);
  const [page, setPage] = useState(1);
  const limit = ROUND_LIMITS.pageSize;
  const handicap = useHandicap();
  const toConfirm = useRoundsToConfirm();
  useLiveRoundsToConfirm();
  const rounds = useRounds({ limit, offset: (page - 1) * limit });

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <PageHeader
          title="My Rounds"
          subtitle="Record your rounds; LinksMate keeps your handicap index from them."
          actions={!recording && <Button onClick={() => setRecording(true)}>Record a round</Button>}
        />
        <Card withBorder component="section" aria-labelledby="handicap-title">
          <Title order={2} size="h4" id="handicap-title" mb="xs">
            Your handicap
          </Title>
          {handicap.isPending ? (
            <Skeleton height={60} aria-label="Loading your handicap" />
          ) : handicap.isError ? (
            <LoadFailure title="Failed to load your handicap" onRetry={() => handicap.refetch()} />
          ) : (
            <HandicapSummary handicap={handicap.data} />
          )}
        </Card>

        {recording && (
          <Card withBorder component="section" aria-labelledby="record-title">
            <Title order={2} size="h4" id="record-title" mb="sm">
              Record a round
            </Title>
            <RecordRoundForm
              onCancel={() => setRecording(false)}
              onRecorded={(id) => {
                notifications.show({ color: 'fairway', message: ROUND_MESSAGES.recorded });
                navigate(paths.round.href(id));
              }}
            />
          </Card>
        )}

        {toConfirm.isError ? (
          <LoadFailure title="Failed to load the rounds to confirm" onRetry={() => toConfirm.refetch()} />
        ) : (
          !!toConfirm.data?.rounds.length && (
            <Card withBorder component="section" aria-labelledby="to-confirm-title">
              <Title order={2} size="h4" id="to-confirm-title" mb="xs">
                Rounds to confirm
              </Title>
              <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
                {toConfirm.data.rounds.map((round) => (
                  <li key={round.id}>
                    <Group justify="space-between" wrap="wrap" gap="xs">
                      <div>
                        <Anchor component={Link} to={paths.round.href(round.id)} fw={600}>
                          {dateOf(round.played_on)} · {where(round)}
                        </Anchor>
                        <Text size="sm" c="dimmed">
                          Recorded by {round.recorded_by.name}
                          {round.has_card ? ` · your card: ${round.gross}` : ' · confirms their card'}
                        </Text>
                      </div>
                      <RoundDecision roundId={round.id} label={`the round of ${dateOf(round.played_on)}`} />
                    </Group>
                  </li>
                ))}
              </Stack>
            </Card>
          )
        )}

        <section aria-labelledby="rounds-title">
          <Title order={2} size="h4" id="rounds-title" mb="xs">
            Your rounds
          </Title>
          {rounds.isPending ? (
            <Stack role="status" aria-busy="true" aria-label="Loading your rounds">
              {[0, 1, 2].map((i) => (
                <Skeleton key={i} height={36} />
              ))}
            </Stack>
          ) : rounds.isError ? (
            <LoadFailure title="Failed to load your rounds" onRetry={() => rounds.refetch()} />
          ) : rounds.data.rounds.length === 0 ? (
            <Text c="dimmed">No rounds yet. Record your first round to start your handicap index.</Text>
          ) : (
            <>
              {/* A phone reads each round as a short card; a wider screen as the table. */}
              <Stack
                gap="xs"
                hiddenFrom="sm"
                component="ul"
                p={0}
                m={0}
                style={{ listStyle: 'none' }}
                aria-label="Your rounds"
              >
                {rounds.data.rounds.map((round) => (
                  <Card key={round.id} withBorder padding="sm" component="li">
                    <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                      <Anchor component={Link} to={paths.round.href(round.id)} fw={600}>
                        {dateOf(round.played_on)}
                      </Anchor>
                      <RoundStatus round={round} />
                    </Group>
                    <Text size="sm">{where(round)}</Text>
                    <Text size="sm" c="dimmed">
                      {HOLES_PLAYED_LABELS[round.holes_played].split(' (')[0]} · gross {round.gross ?? '—'} ·
                      AGS {round.adjusted_gross_score ?? '—'} · differential{' '}
                      {round.differential?.toFixed(1) ?? '—'}
                      {round.used_in_index ? ' (counts)' : ''}
                    </Text>
                  </Card>
                ))}
              </Stack>
              <Table.ScrollContainer minWidth={560} type="native" visibleFrom="sm">
                <Table striped highlightOnHover aria-label="Your rounds">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Date</Table.Th>
                      <Table.Th>Where</Table.Th>
                      <Table.Th>Holes</Table.Th>
                      <Table.Th ta="right">Gross</Table.Th>
                      <Table.Th ta="right">AGS</Table.Th>
                      <Table.Th ta="right">Differential</Table.Th>
                      <Table.Th>Status</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {rounds.data.rounds.map((round) => (
                      <Table.Tr key={round.id}>
                        <Table.Td>
                          <Anchor component={Link} to={paths.round.href(round.id)}>
                            {dateOf(round.played_on)}
                          </Anchor>
                        </Table.Td>
                        <Table.Td>{where(round)}</Table.Td>
                        <Table.Td>{HOLES_PLAYED_LABELS[round.holes_played].split(' (')[0]}</Table.Td>
                        <Table.Td ta="right">{round.gross ?? '—'}</Table.Td>
                        <Table.Td ta="right">{round.adjusted_gross_score ?? '—'}</Table.Td>
                        <Table.Td ta="right" fw={round.used_in_index ? 700 : undefined}>
                          {round.differential?.toFixed(1) ?? '—'}
                          {round.used_in_index && (
                            <Text span size="xs" c="dimmed">
                              {' '}
                              (counts)
                            </Text>
                          )}
                        </Table.Td>
                        <Table.Td>
                          <RoundStatus round={round} />
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
              <ShowingPagination
                page={page}
                limit={limit}
                total={rounds.data.total}
                noun="rounds"
                hideSinglePage
                onPage={setPage}
              />
            </>
          )}
        </section>
      </Stack>
    </Container>
  );
}
