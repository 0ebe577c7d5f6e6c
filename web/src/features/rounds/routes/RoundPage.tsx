import { TEE_GENDER_LABELS } from '@linksmate/proto/rules/courses';
import { HOLES_PLAYED_LABELS, ROUND_MESSAGES } from '@linksmate/proto/rules/rounds';
import { Anchor, Card, Container, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { LoadFailure } from '../../../components/LoadStates';
import { NotFoundPage } from '../../../components/NotFound';
import { ApiError } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { useRound } from '../api/get-round';
import { formatIndex } from '../components/HandicapSummary';
import { RoundDecision } from '../components/RoundDecision';
import { RoundStatus } from '../components/RoundStatus';
import { Scorecard } from '../components/Scorecard';

const DECISION_LABELS = {
  pending: 'Not yet confirmed',
  confirmed: 'Confirmed',
  rejected: 'Rejected',
} as const;

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="lg">
        {value}
      </Text>
    </div>
  );
}

/**
 * A round (docs/product.md#rounds): its card with par and strokes, the holes net double bogey
 * adjusted, the adjusted gross score and the differential; a copy to confirm offers Confirm and Reject.
 */
export function RoundPage() {
  const id = Number(useParams().roundId);
  const navigate = useNavigate();
  const round = useRound(id);
  if (round.error instanceof ApiError && (round.error.status === 404 || round.error.status === 400))
    return <NotFoundPage />;
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Anchor component={Link} to={paths.rounds.href()} size="sm">
          ← My Rounds
        </Anchor>
        {round.isPending ? (
          <Skeleton height={300} aria-label="Loading the round" />
        ) : round.isError ? (
          <LoadFailure title="Failed to load the round" onRetry={() => round.refetch()} />
        ) : (
          (() => {
            const r = round.data.round;
            const copy = r.status === 'to_confirm';
            return (
              <>
                <Stack gap={4}>
                  <Title order={1} size="h2">
                    {r.course_name}, {r.venue_name}
                  </Title>
                  <Group gap="xs">
                    <Text c="dimmed">
                      {new Date(`${r.played_on}T00:00:00`).toLocaleDateString('en-AU', { dateStyle: 'full' })}{' '}
                      · {HOLES_PLAYED_LABELS[r.holes_played]} · {r.tee_name} (
                      {TEE_GENDER_LABELS[r.tee_gender]})
                    </Text>
                    <RoundStatus round={r} />
                  </Group>
                </Stack>
                {copy && (
                  <Card withBorder bg="var(--mantine-color-blue-0)">
                    <Group justify="space-between" wrap="wrap">
                      <Text size="sm">
                        {r.recorded_by.name} recorded this round with you.{' '}
                        {r.has_card
                          ? 'Confirm it to count your card in your index.'
                          : 'Confirm to attest their card.'}
                      </Text>
                      <RoundDecision
                        roundId={r.id}
                        label="this round"
                        onDecided={(decision) => {
                          if (decision === 'reject' || !r.has_card) navigate(paths.rounds.href());
                        }}
                      />
                    </Group>
                  </Card>
                )}
                {r.has_card && (
                  <SimpleGrid cols={{ base: 2, sm: 4 }}>
                    <Figure label="Gross" value={String(r.gross ?? '—')} />
                    <Figure label="Adjusted gross (AGS)" value={String(r.adjusted_gross_score ?? '—')} />
                    <Figure
                      label="Score differential"
                      value={r.differential === null ? '—' : r.differential.toFixed(1)}
                    />
                    <Figure
                      label="Index when played"
                      value={r.index_in_effect === null ? 'None yet' : formatIndex(r.index_in_effect)}
                    />
                  </SimpleGrid>
                )}
                {r.differential === null && r.has_card && r.holes_played !== 'all' && (
                  <Text size="sm">
                    A nine counts once you have an index: its differential uses your expected score.
                  </Text>
                )}
                {r.status !== 'counting' && r.has_card && (
                  <Text size="sm" c="dimmed">
                    These figures are what the round would count for now; it counts once confirmed.
                  </Text>
                )}
                <Text size="sm">
                  Par {r.par} · course rating {r.course_rating.toFixed(1)} · slope {r.slope_rating} · PCC{' '}
                  {r.pcc > 0 ? `+${r.pcc}` : r.pcc}
                </Text>
                {r.has_card ? (
                  <Scorecard round={r} />
                ) : (
                  <Text size="sm">
                    {r.recorded_by.name} did not enter your card: confirming attests theirs only.
                  </Text>
                )}
                {r.partners.length > 0 && (
                  <Card withBorder component="section" aria-labelledby="partners-title">
                    <Title order={2} size="h5" id="partners-title" mb={4}>
                      Played with
                    </Title>
                    <Stack gap={2}>
                      <Text size="sm">Recorded by {r.recorded_by.name}</Text>
                      {r.partners.map((p) => (
                        <Text size="sm" key={p.user_id}>
                          {p.name}: {DECISION_LABELS[p.decision]}
                        </Text>
                      ))}
                    </Stack>
                  </Card>
                )}
                <Text size="xs" c="dimmed">
                  {ROUND_MESSAGES.notOfficial}
                </Text>
              </>
            );
          })()
        )}
      </Stack>
    </Container>
  );
}
