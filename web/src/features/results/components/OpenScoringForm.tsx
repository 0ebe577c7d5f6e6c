import type { ResultFormat } from '@linksmate/proto';
import {
  DEFAULT_RESULT_FORMAT,
  RESULT_FORMAT_LABELS,
  RESULT_FORMATS,
  RESULT_MESSAGES,
} from '@linksmate/proto/rules/results';
import { Button, Card, Select, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { FormError } from '../../../components/FormError';
import { useVenueCourses } from '../../../entities/venue/api/get-venue-courses';
import { type FormErrors, refusedFields } from '../../../lib/form-errors';
import { useOpenScoring } from '../api/open-scoring';

/**
 * The organiser opens scoring (docs/product.md#results): a course of the game's venue, its men's tee,
 * optionally its women's, and the format the results show first.
 */
export function OpenScoringForm({ eventId, venueId }: { eventId: number; venueId: number }) {
  const courses = useVenueCourses(venueId);
  const open = useOpenScoring(eventId);
  const list = courses.data?.courses ?? [];
  const [courseId, setCourseId] = useState<string | null>(null);
  const course = list.find((c) => String(c.id) === courseId) ?? (list.length === 1 ? list[0] : undefined);
  const [menTee, setMenTee] = useState<string | null>(null);
  const [womenTee, setWomenTee] = useState<string | null>(null);
  const [format, setFormat] = useState<ResultFormat>(DEFAULT_RESULT_FORMAT);
  const [errors, setErrors] = useState<FormErrors>({});
  const [other, setOther] = useState<string | null>(null);
  const teesOf = (gender: 'men' | 'women') =>
    (course?.tees ?? [])
      .filter((tee) => tee.gender === gender)
      .map((tee) => ({
        value: String(tee.id),
        label: `${tee.name} (par ${tee.par}, ${tee.course_rating.toFixed(1)}/${tee.slope_rating})`,
      }));

  const submit = () => {
    if (!menTee && !womenTee) {
      setErrors({ men_tee_id: RESULT_MESSAGES.teeRequired });
      return;
    }
    open.mutate(
      {
        men_tee_id: menTee ? Number(menTee) : null,
        women_tee_id: womenTee ? Number(womenTee) : null,
        format,
      },
      {
        onError: (error) => {
          const refused = refusedFields(error);
          setErrors(refused?.fields ?? {});
          setOther(refused ? refused.other.join(' ') || null : (error as Error).message);
        },
      },
    );
  };

  return (
    <Card withBorder component="section" aria-labelledby="open-scoring-heading">
      <Stack gap="sm">
        <Title order={2} fz="h4" id="open-scoring-heading">
          Open scoring
        </Title>
        <Text size="sm" c="dimmed">
          Choose the tees the game was played from. Players then enter their own cards; you can enter
          anyone's.
        </Text>
        {courses.isPending ? (
          <Text size="sm">Loading the venue's courses…</Text>
        ) : courses.isError ? (
          <FormError>{RESULT_MESSAGES.coursesUnavailable}</FormError>
        ) : list.length === 0 ? (
          <Text size="sm">This venue has no course with tees to score from.</Text>
        ) : (
          <>
            {list.length > 1 && (
              <Select
                label="Course"
                data={list.map((c) => ({ value: String(c.id), label: c.name }))}
                value={courseId}
                onChange={(value) => {
                  setCourseId(value);
                  setMenTee(null);
                  setWomenTee(null);
                }}
                maw={360}
              />
            )}
            <Select
              label="Men's tee"
              placeholder="None"
              data={teesOf('men')}
              value={menTee}
              onChange={setMenTee}
              clearable
              error={errors.men_tee_id}
              maw={360}
            />
            <Select
              label="Women's tee"
              placeholder="None"
              data={teesOf('women')}
              value={womenTee}
              onChange={setWomenTee}
              clearable
              error={errors.women_tee_id}
              maw={360}
            />
            <Select
              label="Shown first"
              data={RESULT_FORMATS.map((value) => ({ value, label: RESULT_FORMAT_LABELS[value] }))}
              value={format}
              onChange={(value) => value && setFormat(value as ResultFormat)}
              allowDeselect={false}
              error={errors.format}
              maw={360}
            />
            <FormError>{other}</FormError>
            <Button onClick={submit} loading={open.isPending} style={{ alignSelf: 'flex-start' }}>
              Open scoring
            </Button>
          </>
        )}
      </Stack>
    </Card>
  );
}
