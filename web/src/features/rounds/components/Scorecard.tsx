import type { Round } from '@linksmate/proto';
import { Table, Text } from '@mantine/core';

/**
 * A round's card (docs/product.md#rounds): each hole's par, stroke index and strokes; a hole net
 * double bogey (or par + 5 before an index) took down is marked with what it counted for.
 */
export function Scorecard({ round }: { round: Round }) {
  const quick = round.holes.every((hole) => hole.strokes === null);
  const adjusted = round.holes.filter(
    (hole) => hole.strokes !== null && hole.adjusted !== null && hole.adjusted < hole.strokes,
  );
  return (
    <>
      <Table.ScrollContainer minWidth={280} type="native">
        <Table striped verticalSpacing={4} horizontalSpacing="xs" aria-label="Scorecard">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Hole</Table.Th>
              <Table.Th ta="right">Par</Table.Th>
              <Table.Th ta="right">SI</Table.Th>
              <Table.Th ta="right">Strokes</Table.Th>
              <Table.Th ta="right">Counted</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {round.holes.map((hole) => {
              const cut = hole.strokes !== null && hole.adjusted !== null && hole.adjusted < hole.strokes;
              return (
                <Table.Tr key={hole.number} data-adjusted={cut || undefined}>
                  <Table.Td>{hole.number}</Table.Td>
                  <Table.Td ta="right">{hole.par}</Table.Td>
                  <Table.Td ta="right">{hole.stroke_index}</Table.Td>
                  <Table.Td ta="right">{hole.strokes ?? '—'}</Table.Td>
                  <Table.Td ta="right" fw={cut ? 700 : undefined}>
                    {cut ? (
                      <>
                        {hole.adjusted}{' '}
                        <Text span size="xs" c="red.9" fw={700}>
                          NDB
                        </Text>
                      </>
                    ) : (
                      (hole.adjusted ?? '—')
                    )}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th>Total</Table.Th>
              <Table.Th ta="right">{round.par}</Table.Th>
              <Table.Th />
              <Table.Th ta="right">{round.gross ?? '—'}</Table.Th>
              <Table.Th ta="right">{round.adjusted_gross_score ?? '—'}</Table.Th>
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </Table.ScrollContainer>
      <Text size="xs" c="dimmed" mt={4}>
        {quick
          ? 'Entered as a quick total, taken as the adjusted gross score.'
          : adjusted.length
            ? `NDB: ${adjusted.length === 1 ? 'one hole counts' : `${adjusted.length} holes count`} at the most a hole may count for handicap purposes (net double bogey; par + 5 before an index).`
            : 'No hole went past its maximum for handicap purposes.'}
      </Text>
    </>
  );
}
