import type { HandicapReply } from '@linksmate/proto';
import { ROUND_MESSAGES } from '@linksmate/proto/rules/rounds';
import { Group, Stack, Text } from '@mantine/core';
import { Sparkline } from './Sparkline';

/** Holes a first index needs (docs/product.md#handicap). */
const HOLES_FOR_AN_INDEX = 54;

/** An index as golfers write it: a plus handicap (below zero) with a plus sign. */
export const formatIndex = (index: number) => (index < 0 ? `+${(-index).toFixed(1)}` : index.toFixed(1));

/**
 * The own handicap index, with its history and what it is not (docs/product.md#rounds): calculated
 * by LinksMate by the WHS method, not an official Golf Australia handicap.
 */
export function HandicapSummary({ handicap }: { handicap: HandicapReply }) {
  const { index, low_index, cap, history, holes_counted, rounds_counted } = handicap;
  return (
    <Stack gap={6}>
      <Group gap="lg" align="center" wrap="wrap">
        <div>
          <Text size="sm" c="dimmed">
            Handicap index
          </Text>
          <Text fz={32} fw={700} lh={1.1} data-testid="handicap-index">
            {index === null ? '—' : formatIndex(index)}
          </Text>
        </div>
        <Sparkline points={history} />
        <Stack gap={0}>
          <Text size="sm">{rounds_counted === 1 ? '1 round counts' : `${rounds_counted} rounds count`}</Text>
          {low_index !== null && <Text size="sm">Low index: {formatIndex(low_index)}</Text>}
          {cap && (
            <Text size="sm">
              {cap === 'hard' ? 'Hard cap applied' : 'Soft cap applied'} to the latest rise
            </Text>
          )}
        </Stack>
      </Group>
      {index === null && (
        <Text size="sm">
          An index comes once {HOLES_FOR_AN_INDEX} holes count: {holes_counted} of {HOLES_FOR_AN_INDEX} so
          far.
        </Text>
      )}
      <Text size="xs" c="dimmed">
        {ROUND_MESSAGES.notOfficial}
      </Text>
    </Stack>
  );
}
