import type { ResultPlayer, ScoringTee } from '@linksmate/proto';
import { TEE_GENDER_LABELS } from '@linksmate/proto/rules/courses';
import { RESULT_MESSAGES } from '@linksmate/proto/rules/results';
import { Button, Card, Group, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { FormError } from '../../../components/FormError';
import { type FormErrors, refusedFields } from '../../../lib/form-errors';
import { useSaveCard } from '../api/save-card';
import { playerName, strokesOf, typedCardErrors, typedOf } from './card-form';

/**
 * One player's card, hole by hole (docs/product.md#results): each hole's par and stroke index from
 * the tee, strokes 1 to 20 or empty for no score. Saved whole; the server's field errors land under
 * their holes. Read-only once scoring closes or for someone else's card.
 */
export function CardEditor({
  eventId,
  player,
  tees,
}: {
  eventId: number;
  player: ResultPlayer;
  tees: ScoringTee[];
}) {
  const [teeGender, setTeeGender] = useState<string>(player.tee ?? tees[0]!.gender);
  const tee = tees.find((t) => t.gender === teeGender) ?? tees[0]!;
  const [typed, setTyped] = useState(() => typedOf(player.strokes, tee.holes.length));
  const [errors, setErrors] = useState<FormErrors>({});
  const [other, setOther] = useState<string | null>(null);
  const save = useSaveCard(eventId, player.user_id);
  const name = playerName(player);
  const headingId = `card-${player.user_id}`;

  const submit = () => {
    const found = typedCardErrors(typed, tee.holes.length);
    setErrors(found);
    setOther(found.strokes ?? null);
    if (Object.keys(found).length) return;
    save.mutate(
      { strokes: strokesOf(typed), tee: tee.gender },
      {
        onError: (error) => {
          const refused = refusedFields(error);
          setErrors(refused?.fields ?? {});
          setOther(
            refused ? (refused.fields.strokes ?? refused.other.join(' ')) || null : (error as Error).message,
          );
        },
        onSuccess: () => {
          setErrors({});
          setOther(null);
        },
      },
    );
  };

  return (
    <Card withBorder component="section" aria-labelledby={headingId} data-testid="score-card">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} fz="h4" id={headingId}>
            {name}
          </Title>
          <Text size="sm" c="dimmed">
            {player.handicap_index === null
              ? `${RESULT_MESSAGES.noHandicap} (plays off 0)`
              : `Index ${player.handicap_index.toFixed(1)} · playing handicap ${player.playing_handicap}`}
            {player.gross !== null && ` · gross ${player.gross}`}
            {player.stableford !== null && ` · ${player.stableford} pts`}
          </Text>
        </Group>
        {tees.length > 1 && (
          <Select
            label="Tee played"
            data={tees.map((t) => ({ value: t.gender, label: `${t.name} (${TEE_GENDER_LABELS[t.gender]})` }))}
            value={teeGender}
            onChange={(value) => value && setTeeGender(value)}
            allowDeselect={false}
            maw={260}
            error={errors.tee}
          />
        )}
        <SimpleGrid cols={{ base: 3, xs: 6, md: 9 }} spacing="xs">
          {tee.holes.map((hole, i) => (
            <TextInput
              key={hole.number}
              label={`Hole ${hole.number}`}
              description={`Par ${hole.par} · SI ${hole.stroke_index}`}
              inputMode="numeric"
              value={typed[i] ?? ''}
              onChange={(e) => {
                const next = [...typed];
                next[i] = e.currentTarget.value;
                setTyped(next);
              }}
              error={errors[`strokes.${i}`]}
              size="sm"
            />
          ))}
        </SimpleGrid>
        <FormError>{other}</FormError>
        <Group>
          <Button onClick={submit} loading={save.isPending}>
            Save card
          </Button>
          {save.isSuccess && (
            <Text size="sm" fw={500} role="status">
              Card saved
            </Text>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
