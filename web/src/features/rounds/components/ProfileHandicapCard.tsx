import { ROUND_MESSAGES } from '@linksmate/proto/rules/rounds';
import { Anchor, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { paths } from '../../../lib/paths';
import { useHandicap } from '../api/get-handicap';
import { formatIndex } from './HandicapSummary';
import { Sparkline } from './Sparkline';

/**
 * The own profile's handicap index card (docs/product.md#rounds): the index and its history, what it
 * is not, and a button that copies it into the profile's handicap field, asked first since it
 * overwrites what is there. The profile feature owns the profile's update: it hands in `copy`.
 */
export function ProfileHandicapCard({
  manualHandicap,
  copy,
}: {
  manualHandicap: number | null;
  copy(index: number): Promise<unknown>;
}) {
  const handicap = useHandicap();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const index = handicap.data?.index ?? null;
  const same = index !== null && manualHandicap !== null && Math.abs(manualHandicap - index) < 0.05;
  const doCopy = async () => {
    if (index === null) return;
    setBusy(true);
    try {
      await copy(index);
      notifications.show({
        color: 'fairway',
        message: 'Your profile’s handicap is now your LinksMate index.',
      });
      setAsking(false);
    } catch (error) {
      notifications.show({ color: 'red', title: 'Error', message: (error as Error).message });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card withBorder shadow="xs" component="section" aria-labelledby="handicap-index-title">
      <Title order={2} size="h4" id="handicap-index-title">
        Handicap index
      </Title>
      {handicap.isPending ? (
        <Skeleton height={48} mt="xs" aria-label="Loading your handicap index" />
      ) : handicap.isError ? (
        <Text size="sm" c="red.8" role="alert">
          Failed to load your handicap index
        </Text>
      ) : (
        <Stack gap="xs" mt="xs">
          <Group gap="lg" align="center">
            <Text fz={28} fw={700} data-testid="profile-handicap-index">
              {index === null ? 'No index yet' : formatIndex(index)}
            </Text>
            <Sparkline points={handicap.data.history} />
          </Group>
          <Text size="sm">{ROUND_MESSAGES.notOfficial}</Text>
          <Group gap="sm">
            {index !== null && (
              <Button size="xs" variant="default" disabled={same} onClick={() => setAsking(true)}>
                {same ? 'Your profile shows this index' : 'Use it as my profile handicap'}
              </Button>
            )}
            <Anchor component={Link} to={paths.rounds.href()} size="sm">
              {index === null ? 'Record rounds to get an index' : 'My rounds'}
            </Anchor>
          </Group>
        </Stack>
      )}
      <ConfirmDialog
        opened={asking}
        title="Use your LinksMate index?"
        message={ROUND_MESSAGES.copyQuestion(index === null ? '' : formatIndex(index))}
        confirmLabel="Replace handicap"
        cancelLabel="Cancel"
        busy={busy}
        onConfirm={() => void doCopy()}
        onCancel={() => setAsking(false)}
      />
    </Card>
  );
}
