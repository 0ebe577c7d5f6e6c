import type { ResultPlayer } from '@linksmate/proto';
import { RESULT_MESSAGES } from '@linksmate/proto/rules/results';
import { Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { FormError } from '../../../components/FormError';
import { useRecordResultRound } from '../api/record-round';

/**
 * "Record as my round" (docs/product.md#results): the player's own card of closed results, recorded
 * in their rounds for their LinksMate index once they say yes. A card with an empty hole cannot be.
 */
export function RecordRoundPanel({ eventId, card }: { eventId: number; card: ResultPlayer }) {
  const [asking, setAsking] = useState(false);
  const record = useRecordResultRound(eventId);
  if (card.round_id !== null)
    return (
      <Text size="sm" fw={500} role="status">
        Recorded in your rounds.
      </Text>
    );
  if (card.gross === null) return <Text size="sm">{RESULT_MESSAGES.cardIncomplete}.</Text>;
  return (
    <>
      <Group>
        <Button variant="light" onClick={() => setAsking(true)}>
          Record as my round
        </Button>
      </Group>
      <FormError>{record.error?.message}</FormError>
      <ConfirmDialog
        opened={asking}
        title="Record as your round?"
        message={`Your card of ${card.gross} strokes goes into your rounds and counts towards your LinksMate handicap index. It cannot be taken back.`}
        confirmLabel="Record round"
        cancelLabel="Not now"
        busy={record.isPending}
        onConfirm={() => record.mutate(undefined, { onSettled: () => setAsking(false) })}
        onCancel={() => setAsking(false)}
      />
    </>
  );
}
