import type { Course, RecordRoundBody, RoundPerson, Tee } from '@linksmate/proto';
import { TEE_GENDER_LABELS } from '@linksmate/proto/rules/courses';
import {
  HOLES_PLAYED_LABELS,
  type HolesPlayed,
  latestRoundDay,
  playedHoles,
  ROUND_LIMITS,
  ROUND_MESSAGES,
  roundErrors,
} from '@linksmate/proto/rules/rounds';
import {
  Alert,
  Button,
  CloseButton,
  Group,
  NativeSelect,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { type FormEvent, useMemo, useState } from 'react';
import { useVenueCourses } from '../../../entities/venue/api/get-venue-courses';
import { useVenueOptions } from '../../../entities/venue/api/get-venue-options';
import { refusedFields } from '../../../lib/form-errors';
import { randomId } from '../../../lib/random-id';
import { usePartnerSearch } from '../api/find-partners';
import { useRecordRound } from '../api/record-round';
import { type CardKey, type EntryCard, ScorecardEntry, TotalsEntry } from './CardEntry';

type Entry = 'holes' | 'total';
/** The recorder's card is 'me'; a partner's is their id. */

const PCC_OPTIONS = Array.from({ length: ROUND_LIMITS.pcc.max - ROUND_LIMITS.pcc.min + 1 }, (_, i) => {
  const value = ROUND_LIMITS.pcc.min + i;
  return { value: String(value), label: value > 0 ? `+${value}` : String(value) };
});

const teeLabel = (tee: Tee) =>
  `${tee.name} (${TEE_GENDER_LABELS[tee.gender]}) · par ${tee.par} · ${tee.course_rating.toFixed(1)} / ${tee.slope_rating}`;

/** A typed number as the API takes it: blank is null, anything else the number typed (judged by the rules). */
const typed = (text: string | undefined): number | null => {
  const trimmed = (text ?? '').trim();
  return trimmed === '' ? null : Number(trimmed);
};

/**
 * Record a round (docs/product.md#rounds): venue, course and tee, the day, which holes, the card hole
 * by hole or as a total, and the playing partners, whose cards may be entered too (as a marker's).
 * The rules of proto/src/rules/rounds.ts judge it before it is sent; the server's refusals land under
 * the same fields.
 */
export function RecordRoundForm({
  onRecorded,
  onCancel,
}: {
  onRecorded(id: number): void;
  onCancel(): void;
}) {
  const [venueId, setVenueId] = useState<string | null>(null);
  const [courseId, setCourseId] = useState<string | null>(null);
  const [teeId, setTeeId] = useState<string | null>(null);
  const [playedOn, setPlayedOn] = useState('');
  const [holesPlayed, setHolesPlayed] = useState<HolesPlayed>('all');
  const [entry, setEntry] = useState<Entry>('holes');
  const [pcc, setPcc] = useState('0');
  const [partners, setPartners] = useState<RoundPerson[]>([]);
  const [strokes, setStrokes] = useState<Map<CardKey, string[]>>(new Map());
  const [totals, setTotals] = useState<Map<CardKey, string>>(new Map());
  const [search, setSearch] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [otherErrors, setOtherErrors] = useState<string[]>([]);

  const venues = useVenueOptions(true, 'directory');
  const courses = useVenueCourses(Number(venueId), venueId !== null);
  const course: Course | undefined = courses.data?.courses.find((c) => String(c.id) === courseId);
  const tee: Tee | undefined = course?.tees.find((t) => String(t.id) === teeId);
  const holes = useMemo(() => (tee ? playedHoles(tee, holesPlayed) : []), [tee, holesPlayed]);
  const found = usePartnerSearch(search);
  const record = useRecordRound();
  // One key per card: a second tap or a retried request records it once; a refusal frees the key.
  const [idempotencyKey, setIdempotencyKey] = useState(() => `round-${randomId()}`);
  const today = latestRoundDay(new Date());

  const holeChoices = (
    course?.holes === 9 ? (['all', 'front'] as const) : (['all', 'front', 'back'] as const)
  ).map((value) => ({
    value,
    label:
      course?.holes === 9
        ? value === 'all'
          ? '18 holes (twice round)'
          : 'Nine holes'
        : HOLES_PLAYED_LABELS[value],
  }));

  const cards: EntryCard[] = [
    { key: 'me', name: 'You', prefix: '' },
    ...partners.map((p, i) => ({ key: p.user_id, name: p.name, prefix: `partners.${i}.` })),
  ];

  const setStroke = (key: CardKey, hole: number, value: string) =>
    setStrokes((before) => {
      const next = new Map(before);
      const list = [...(next.get(key) ?? [])];
      list[hole] = value;
      next.set(key, list);
      return next;
    });

  /** A card as sent: a partner's blank card is none (they are only asked to confirm the recorder's). */
  const cardOf = (key: CardKey) => {
    if (entry === 'holes') {
      const list = strokes.get(key) ?? [];
      const values = holes.map((_, i) => typed(list[i]));
      if (key !== 'me' && values.every((v) => v === null)) return {};
      return { holes: values.map((value) => ({ strokes: value })) };
    }
    const total = typed(totals.get(key));
    if (key !== 'me' && total === null) return {};
    return { total };
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = {
      venue_id: Number(venueId),
      course_id: Number(courseId),
      tee_id: Number(teeId),
      played_on: playedOn,
      holes_played: holesPlayed,
      pcc: Number(pcc),
      ...cardOf('me'),
      partners: partners.map((p) => ({ user_id: p.user_id, ...cardOf(p.user_id) })),
    } as RecordRoundBody;
    const found: Record<string, string> = roundErrors(body, { today, courseHoles: course?.holes });
    if (!venueId) found.venue_id = ROUND_MESSAGES.venueRequired;
    if (!courseId) found.course_id = ROUND_MESSAGES.courseRequired;
    if (!teeId) found.tee_id = ROUND_MESSAGES.teeRequired;
    setErrors(found);
    setOtherErrors([]);
    if (Object.keys(found).length) return;
    record.mutate(
      { body, idempotencyKey },
      {
        onSuccess: (reply) => {
          setIdempotencyKey(`round-${randomId()}`);
          onRecorded(reply.round.id);
        },
        onError: (error) => {
          const refused = refusedFields(error);
          if (refused) {
            setErrors(refused.fields);
            setOtherErrors(refused.other);
          } else setOtherErrors([error.message]);
        },
      },
    );
  };

  const errorCount = Object.keys(errors).length;

  return (
    <form onSubmit={submit} noValidate aria-label="Record a round">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Select
            label="Venue"
            placeholder={venues.isPending ? 'Loading venues…' : 'Search venues'}
            searchable
            data={venues.data ?? []}
            value={venueId}
            onChange={(value) => {
              setVenueId(value);
              setCourseId(null);
              setTeeId(null);
            }}
            error={errors.venue_id}
            required
          />
          <Select
            label="Course"
            placeholder={venueId && courses.isPending ? 'Loading courses…' : 'Choose a course'}
            data={(courses.data?.courses ?? []).map((c) => ({
              value: String(c.id),
              label: `${c.name} (${c.holes} holes)`,
            }))}
            value={courseId}
            onChange={(value) => {
              setCourseId(value);
              setTeeId(null);
              setHolesPlayed('all');
            }}
            disabled={!venueId}
            error={
              errors.course_id ??
              (venueId && courses.data?.courses.length === 0
                ? 'This venue has no course to record a round on'
                : undefined)
            }
            required
          />
          <Select
            label="Tee"
            placeholder="Choose a tee"
            data={(course?.tees ?? []).map((t) => ({ value: String(t.id), label: teeLabel(t) }))}
            value={teeId}
            onChange={setTeeId}
            disabled={!course}
            error={errors.tee_id}
            required
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput
            type="date"
            label="Date played"
            value={playedOn}
            max={today}
            onChange={(e) => setPlayedOn(e.currentTarget.value)}
            error={errors.played_on}
            required
          />
          <NativeSelect
            label="PCC (playing conditions)"
            description="0 unless your club published one for the day"
            data={PCC_OPTIONS}
            value={pcc}
            onChange={(e) => setPcc(e.currentTarget.value)}
            error={errors.pcc}
          />
        </SimpleGrid>
        <Stack gap={4}>
          <Text size="sm" fw={500} id="holes-played-label">
            Holes played
          </Text>
          <SegmentedControl
            aria-labelledby="holes-played-label"
            data={holeChoices}
            value={holesPlayed}
            onChange={(value) => setHolesPlayed(value as HolesPlayed)}
          />
          {errors.holes_played && (
            <Text size="sm" c="red.8">
              {errors.holes_played}
            </Text>
          )}
        </Stack>

        <Stack gap={4}>
          <Text size="sm" fw={500}>
            Playing partners (optional)
          </Text>
          <Text size="xs" c="dimmed">
            Each partner confirms the round with one click. Enter their card too if you marked it; leave it
            blank to only ask them to confirm yours.
          </Text>
          {partners.length < ROUND_LIMITS.maxPartners && (
            <Select
              aria-label="Add a playing partner"
              placeholder="Type a name to add a partner"
              searchable
              searchValue={search}
              onSearchChange={setSearch}
              data={(found.data ?? [])
                .filter((p) => !partners.some((q) => q.user_id === p.user_id))
                .map((p) => ({ value: String(p.user_id), label: p.name }))}
              value={null}
              onChange={(value) => {
                const person = found.data?.find((p) => String(p.user_id) === value);
                if (person) setPartners((list) => [...list, person]);
                setSearch('');
              }}
              nothingFoundMessage={
                search.trim().length >= 2 ? 'No golfer by that name' : 'Type two letters or more'
              }
              error={errors.partners}
            />
          )}
          <Group gap="xs">
            {partners.map((p, i) => (
              <Group key={p.user_id} gap={4} wrap="nowrap">
                <Text size="sm" fw={500}>
                  {p.name}
                </Text>
                <CloseButton
                  size="sm"
                  aria-label={`Remove ${p.name}`}
                  onClick={() => {
                    setPartners((list) => list.filter((q) => q.user_id !== p.user_id));
                    setErrors((found) => afterPartnerRemoved(found, i));
                  }}
                />
                {errors[`partners.${i}.user_id`] && (
                  <Text size="sm" c="red.8">
                    {errors[`partners.${i}.user_id`]}
                  </Text>
                )}
              </Group>
            ))}
          </Group>
        </Stack>

        <Stack gap={4}>
          <Text size="sm" fw={500} id="entry-label">
            Score
          </Text>
          <SegmentedControl
            aria-labelledby="entry-label"
            data={[
              { value: 'holes', label: 'Hole by hole' },
              { value: 'total', label: 'Quick total' },
            ]}
            value={entry}
            onChange={(value) => setEntry(value as Entry)}
          />
        </Stack>

        {entry === 'total' ? (
          <TotalsEntry
            cards={cards}
            totals={totals}
            errors={errors}
            onTotal={(key, value) => setTotals((before) => new Map(before).set(key, value))}
          />
        ) : !tee ? (
          <Text size="sm" c="dimmed">
            Choose the tee to enter the card hole by hole.
          </Text>
        ) : (
          <ScorecardEntry
            cards={cards}
            holes={holes}
            strokes={strokes}
            errors={errors}
            onStroke={setStroke}
          />
        )}

        <div role="status">
          {(errorCount > 0 || otherErrors.length > 0) && (
            <Alert color="red" variant="light">
              {otherErrors.length ? otherErrors.join(' ') : 'Check the fields marked in red.'}
            </Alert>
          )}
        </div>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={record.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={record.isPending}>
            Record round
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * Errors are keyed by a partner's place in the list (`partners.1.total`): once one is removed, the
 * errors of those after it move up with them, and theirs go.
 */
function afterPartnerRemoved(errors: Record<string, string>, removed: number): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [key, message] of Object.entries(errors)) {
    const place = /^partners\.(\d+)\.(.*)$/.exec(key);
    if (!place) kept[key] = message;
    else if (Number(place[1]) > removed) kept[`partners.${Number(place[1]) - 1}.${place[2]}`] = message;
    else if (Number(place[1]) < removed) kept[key] = message;
  }
  return kept;
}
