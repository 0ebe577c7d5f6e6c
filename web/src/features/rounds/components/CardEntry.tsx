import type { PlayedHole } from '@linksmate/proto/rules/rounds';
import { SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';

// A round's cards as the record form takes them: a total each, or hole by hole in one scorecard.

/** Whose card: the recorder's ('me') or a partner's, by their id. */
export type CardKey = 'me' | number;

/** A card of the form: whose, the name it shows, and the path prefix of its errors (`partners.0.`). */
export interface EntryCard {
  key: CardKey;
  name: string;
  prefix: string;
}

/** A total per card; the recorder's is taken as the adjusted gross score. */
export function TotalsEntry({
  cards,
  totals,
  errors,
  onTotal,
}: {
  cards: EntryCard[];
  totals: Map<CardKey, string>;
  errors: Record<string, string>;
  onTotal: (key: CardKey, value: string) => void;
}) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }}>
      {cards.map(({ key, name, prefix }) => (
        <TextInput
          key={String(key)}
          label={key === 'me' ? 'Your total' : `${name}'s total (optional)`}
          description={key === 'me' ? 'Taken as your adjusted gross score' : undefined}
          inputMode="numeric"
          value={totals.get(key) ?? ''}
          onChange={(e) => onTotal(key, e.currentTarget.value)}
          error={errors[`${prefix}total`] ?? errors[`${prefix}holes`]}
        />
      ))}
    </SimpleGrid>
  );
}

/** One scorecard, a column per card; the strokes' messages are listed above it (a cell is too narrow). */
export function ScorecardEntry({
  cards,
  holes,
  strokes,
  errors,
  onStroke,
}: {
  cards: EntryCard[];
  holes: PlayedHole[];
  strokes: Map<CardKey, string[]>;
  errors: Record<string, string>;
  onStroke: (key: CardKey, hole: number, value: string) => void;
}) {
  return (
    <Stack gap={4}>
      <Stack gap={0} id="card-errors">
        {cards.flatMap(({ prefix, name }) => {
          const who = prefix ? `${name}, ` : '';
          const lines = errors[`${prefix}holes`]
            ? [`${name === 'You' ? '' : `${name}: `}${errors[`${prefix}holes`]}`]
            : [];
          holes.forEach((hole, i) => {
            const message = errors[`${prefix}holes.${i}.strokes`];
            if (message) lines.push(`${who}hole ${hole.number}: ${message}`);
          });
          return lines.map((line) => (
            <Text key={line} size="sm" c="red.8">
              {line.charAt(0).toUpperCase() + line.slice(1)}
            </Text>
          ));
        })}
      </Stack>
      <Table.ScrollContainer minWidth={260} type="native">
        <Table verticalSpacing={2} horizontalSpacing={6} aria-label="Scorecard">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Hole</Table.Th>
              <Table.Th ta="right">Par</Table.Th>
              <Table.Th ta="right">SI</Table.Th>
              {cards.map(({ key, name }) => (
                <Table.Th key={String(key)}>{name}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {holes.map((hole, i) => (
              <Table.Tr key={hole.number}>
                <Table.Td>{hole.number}</Table.Td>
                <Table.Td ta="right">{hole.par}</Table.Td>
                <Table.Td ta="right">{hole.stroke_index}</Table.Td>
                {cards.map(({ key, name, prefix }) => (
                  <Table.Td key={String(key)}>
                    <TextInput
                      size="xs"
                      w={64}
                      inputMode="numeric"
                      aria-label={`Hole ${hole.number} strokes${key === 'me' ? '' : ` for ${name}`}`}
                      value={strokes.get(key)?.[i] ?? ''}
                      onChange={(e) => onStroke(key, i, e.currentTarget.value)}
                      error={!!errors[`${prefix}holes.${i}.strokes`]}
                      aria-describedby={errors[`${prefix}holes.${i}.strokes`] ? 'card-errors' : undefined}
                    />
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
