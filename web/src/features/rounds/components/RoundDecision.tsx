import { ROUND_MESSAGES } from '@linksmate/proto/rules/rounds';
import { Button, Group } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useDecideRound } from '../api/decide-round';

/** Confirm (one click) or reject (asked first) a copy of a round a partner recorded (docs/product.md#rounds). */
export function RoundDecision({
  roundId,
  label,
  onDecided,
}: {
  roundId: number;
  label: string;
  onDecided?(decision: 'confirm' | 'reject'): void;
}) {
  const decide = useDecideRound();
  const [asking, setAsking] = useState(false);
  const act = (decision: 'confirm' | 'reject') =>
    decide.mutate(
      { id: roundId, decision },
      {
        onSuccess: () => {
          setAsking(false);
          notifications.show({
            color: 'fairway',
            message: decision === 'confirm' ? ROUND_MESSAGES.confirmed : ROUND_MESSAGES.rejected,
          });
          onDecided?.(decision);
        },
        onError: (error) => {
          setAsking(false);
          notifications.show({ color: 'red', title: 'Error', message: error.message });
        },
      },
    );
  return (
    <>
      <Group gap="xs">
        <Button
          size="xs"
          onClick={() => act('confirm')}
          loading={decide.isPending && decide.variables?.decision === 'confirm'}
          aria-label={`Confirm ${label}`}
        >
          Confirm
        </Button>
        <Button
          size="xs"
          variant="default"
          color="red"
          onClick={() => setAsking(true)}
          disabled={decide.isPending}
          aria-label={`Reject ${label}`}
        >
          Reject
        </Button>
      </Group>
      <ConfirmDialog
        opened={asking}
        title="Reject this round?"
        message={ROUND_MESSAGES.rejectQuestion}
        confirmLabel="Reject round"
        cancelLabel="Keep it"
        danger
        busy={decide.isPending}
        onConfirm={() => act('reject')}
        onCancel={() => setAsking(false)}
      />
    </>
  );
}
