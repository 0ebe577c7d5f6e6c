import type { ResultFormat, ResultsReply } from '@linksmate/proto';
import { RESULT_FORMAT_LABELS, RESULT_FORMATS, RESULT_MESSAGES } from '@linksmate/proto/rules/results';
import { SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { playerName } from './card-form';

/**
 * The ranked results (docs/product.md#results): place, player, gross, net, Stableford points and
 * playing handicap, in the format chosen; ties are split by countback, and a place still shared
 * shows as such. A card missing a hole has no gross or net and is unplaced in stroke play.
 */
export function ResultsTable({
  results,
  format,
  onFormat,
}: {
  results: ResultsReply;
  format: ResultFormat;
  onFormat(format: ResultFormat): void;
}) {
  const players = new Map(results.players.map((player) => [player.user_id, player]));
  const rows = results.rankings[format];
  const shared = (position: number | null) =>
    position !== null && rows.filter((row) => row.position === position).length > 1;
  return (
    <Stack gap="sm">
      <SegmentedControl
        aria-label="Rank by"
        data={RESULT_FORMATS.map((value) => ({ value, label: RESULT_FORMAT_LABELS[value] }))}
        value={format}
        onChange={(value) => onFormat(value as ResultFormat)}
        style={{ alignSelf: 'flex-start' }}
      />
      {rows.length === 0 ? (
        <Text c="dimmed">No cards yet.</Text>
      ) : (
        // Focusable, so a keyboard can scroll the columns a phone cannot show at once.
        <Table.ScrollContainer
          minWidth={520}
          type="native"
          tabIndex={0}
          aria-label={`Results table, ${RESULT_FORMAT_LABELS[format]}; scrolls sideways`}
        >
          <Table striped aria-label={`Results, ${RESULT_FORMAT_LABELS[format]}`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Place</Table.Th>
                <Table.Th>Player</Table.Th>
                <Table.Th ta="right">Gross</Table.Th>
                <Table.Th ta="right">Net</Table.Th>
                <Table.Th ta="right">Stableford</Table.Th>
                <Table.Th ta="right">Playing handicap</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => {
                const player = players.get(row.user_id);
                return (
                  <Table.Tr key={row.user_id} data-testid="result-row">
                    <Table.Td>
                      {row.position === null ? '–' : `${shared(row.position) ? 'T' : ''}${row.position}`}
                      {row.countback !== null && (
                        <Text span size="xs" c="dimmed">
                          {' '}
                          (countback, last {row.countback})
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>{player && playerName(player)}</Table.Td>
                    <Table.Td ta="right">{player?.gross ?? '–'}</Table.Td>
                    <Table.Td ta="right">{player?.net ?? '–'}</Table.Td>
                    <Table.Td ta="right">{player?.stableford ?? '–'}</Table.Td>
                    <Table.Td ta="right">
                      {player?.handicap_index === null ? (
                        <Text span size="sm" c="dimmed">
                          {RESULT_MESSAGES.noHandicap}
                        </Text>
                      ) : (
                        player?.playing_handicap
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
