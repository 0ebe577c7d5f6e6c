import type { ResultsReply } from '@linksmate/proto';
import { RESULT_MESSAGES } from '@linksmate/proto/rules/results';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { FormError } from '../../../components/FormError';
import { paths } from '../../../lib/paths';
import { useCloseScoring } from '../api/close-scoring';
import { CardEditor } from '../components/CardEditor';
import { OpenScoringForm } from '../components/OpenScoringForm';
import { ResultsFrame } from '../components/ResultsFrame';

/**
 * `/events/{id}/scoring` (docs/product.md#results): the organiser opens scoring, enters any card and
 * closes it; a player enters their own card.
 */
export function ScoringPage() {
  return (
    <ResultsFrame page="Scoring">
      {(results, eventId) => <Scoring results={results} eventId={eventId} />}
    </ResultsFrame>
  );
}

function Scoring({ results, eventId }: { results: ResultsReply; eventId: number }) {
  const [confirming, setConfirming] = useState(false);
  const close = useCloseScoring(eventId);
  const toResults = (
    <Button component={Link} to={paths.eventResults.href(eventId)} variant="default">
      See results
    </Button>
  );
  if (results.status === 'not_open') {
    if (results.viewer.may_open)
      return <OpenScoringForm eventId={eventId} venueId={results.event.venue_id} />;
    return (
      <Text>
        {results.viewer.is_organiser && new Date(results.event.start_time) > new Date()
          ? RESULT_MESSAGES.notStarted
          : 'The organiser has not opened scoring yet.'}
      </Text>
    );
  }
  if (results.status === 'closed')
    return (
      <Stack gap="sm" align="flex-start">
        <Text>{RESULT_MESSAGES.closed}</Text>
        {toResults}
      </Stack>
    );
  const cards = results.players.filter((player) => player.may_edit);
  return (
    <Stack gap="md">
      {cards.length === 0 ? (
        <Text>
          {results.viewer.is_organiser ? 'No confirmed players to score.' : RESULT_MESSAGES.notYourCard}
        </Text>
      ) : (
        cards.map((player) => (
          <CardEditor key={player.user_id} eventId={eventId} player={player} tees={results.tees} />
        ))
      )}
      <Group>
        {toResults}
        {results.viewer.is_organiser && (
          <Button color="red.8" onClick={() => setConfirming(true)}>
            Close scoring
          </Button>
        )}
      </Group>
      <FormError>{close.error?.message}</FormError>
      <ConfirmDialog
        opened={confirming}
        title="Close scoring?"
        message="The results become final: no card can change, and they are posted into the event's chat."
        confirmLabel="Close scoring"
        cancelLabel="Keep open"
        danger
        busy={close.isPending}
        onConfirm={() => close.mutate(undefined, { onSettled: () => setConfirming(false) })}
        onCancel={() => setConfirming(false)}
      />
    </Stack>
  );
}
