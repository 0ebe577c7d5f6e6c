import type { ResultFormat } from '@linksmate/proto';
import { Button, Card, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../../lib/paths';
import { useSession } from '../../../lib/session-context';
import { RecordRoundPanel } from '../components/RecordRoundPanel';
import { ResultsFrame } from '../components/ResultsFrame';
import { ResultsTable } from '../components/ResultsTable';

/** `/events/{id}/results` (docs/product.md#results): the ranked table, for the players and the organiser. */
export function ResultsPage() {
  const [format, setFormat] = useState<ResultFormat | null>(null);
  const { claims } = useSession();
  return (
    <ResultsFrame page="Results">
      {(results, eventId) => (
        <>
          {results.status === 'not_open' ? (
            <Text>The organiser has not opened scoring yet.</Text>
          ) : (
            <Card shadow="xs" padding="lg">
              <ResultsTable results={results} format={format ?? results.format} onFormat={setFormat} />
            </Card>
          )}
          {results.status === 'closed' &&
            results.players
              .filter((player) => player.user_id === claims?.user_id && player.strokes !== null)
              .map((own) => <RecordRoundPanel key={own.user_id} eventId={eventId} card={own} />)}
          {results.status === 'open' && (
            <Group>
              <Text size="sm">Scores may still change until the organiser closes scoring.</Text>
              {(results.viewer.is_organiser || results.viewer.is_player) && (
                <Button component={Link} to={paths.eventScoring.href(eventId)} variant="default">
                  Enter scores
                </Button>
              )}
            </Group>
          )}
          {results.status === 'not_open' && results.viewer.is_organiser && (
            <Button
              component={Link}
              to={paths.eventScoring.href(eventId)}
              variant="default"
              style={{ alignSelf: 'flex-start' }}
            >
              Open scoring
            </Button>
          )}
        </>
      )}
    </ResultsFrame>
  );
}
