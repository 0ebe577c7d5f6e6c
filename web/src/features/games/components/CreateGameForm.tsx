import { DELAYS_MS, HANDICAP, MEMBER_GAME_CAPACITY, SKILL_LEVELS } from '@linksmate/proto/rules';
import {
  Alert,
  Button,
  Card,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCircleCheck } from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { FormError } from '../../../components/FormError';
import type { VenueListItem } from '../../../entities/venue/api/find-venues';
import { ApiError } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { scrollToAndFocus } from '../../../lib/scroll';
import { capitalise } from '../../../lib/text';
import { useCreateMemberGame } from '../api/create-member-game';
import { AddVenueDialog } from './AddVenueDialog';
import {
  CURRENCY_OPTIONS,
  firstInvalidGameField,
  type GameField,
  type GameFormValues,
  gameBodyOf,
  gameFieldId,
  initialGameValues,
  isFree,
  PAYMENT_METHOD_OPTIONS,
  serverFieldErrors,
  validateGame,
} from './game-form';
import { endAfterNewStart } from './game-times';
import { VenuePicker } from './VenuePicker';
import { WhenFields } from './WhenFields';

const FAILED = 'Failed to create game. Please try again.';
const SKILL_OPTIONS = SKILL_LEVELS.map((level) => ({ value: level, label: capitalise(level) }));

function Section({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <Card withBorder shadow="xs" component="section">
      <Title order={2} fz="lg">
        {title}
      </Title>
      {description && (
        <Text size="sm" c="dimmed" mt={4}>
          {description}
        </Text>
      )}
      <Stack gap="md" mt="md">
        {children}
      </Stack>
    </Card>
  );
}

/** Spec 2 "Create member game": every field, the quick times and the spec's messages; success opens the game. */
export function CreateGameForm() {
  const navigate = useNavigate();
  const create = useCreateMemberGame();
  const [venue, setVenue] = useState<VenueListItem | null>(null);
  const [addingVenue, setAddingVenue] = useState(false);
  const [venueNotice, setVenueNotice] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<GameFormValues>({
    mode: 'controlled',
    initialValues: initialGameValues(),
    validate: validateGame,
  });

  // docs/product.md#community-limits: the venue-created banner shows for 5 seconds.
  useEffect(() => {
    if (!venueNotice) return;
    const timer = setTimeout(() => setVenueNotice(null), DELAYS_MS.venueCreatedBanner);
    return () => clearTimeout(timer);
  }, [venueNotice]);

  const showFirstError = (errors: Record<string, unknown>) => {
    const field = firstInvalidGameField(errors);
    if (field) scrollToAndFocus(document.getElementById(gameFieldId(field)));
  };

  const submit = (values: GameFormValues) => {
    setFormError(null);
    create.mutate(gameBodyOf(values), {
      onSuccess: (game) => navigate(paths.event.href(game.id)),
      onError: (error) => {
        if (error instanceof ApiError && error.fieldErrors) {
          const { known, other } = serverFieldErrors(error.fieldErrors);
          form.setErrors(known);
          if (other.length) setFormError(other.join(' '));
          showFirstError(known);
          return;
        }
        // A 402 sends the person to the membership page (the app's listener); the rest say so here.
        if (error instanceof ApiError && error.membershipRequired) return setFormError(error.message);
        setFormError(FAILED);
      },
    });
  };

  const input = (field: GameField) => ({ id: gameFieldId(field), ...form.getInputProps(field) });
  const free = isFree(form.values);

  return (
    <form onSubmit={form.onSubmit(submit, showFirstError)} noValidate aria-label="Create game">
      <Stack gap="lg">
        <Section title="Game details">
          <TextInput
            label="Title"
            required
            placeholder="e.g. Saturday morning 18 holes"
            {...input('title')}
          />
          <Textarea
            label="Description"
            placeholder="Format, tee times, what to bring…"
            autosize
            minRows={3}
            maxRows={8}
            {...input('description')}
          />
          <VenuePicker
            id={gameFieldId('venue_id')}
            value={venue}
            error={form.errors.venue_id as string | undefined}
            onChange={(chosen) => {
              setVenue(chosen);
              form.setFieldValue('venue_id', chosen.id);
              form.clearFieldError('venue_id');
            }}
            onAddVenue={() => setAddingVenue(true)}
          />
          {venueNotice && (
            <Alert
              color="green"
              variant="light"
              icon={<IconCircleCheck size={18} aria-hidden />}
              role="status"
            >
              {venueNotice}
            </Alert>
          )}
        </Section>

        <Section title="When">
          <WhenFields
            start={form.values.start_time}
            end={form.values.end_time}
            startError={form.errors.start_time as string | undefined}
            endError={form.errors.end_time as string | undefined}
            startId={gameFieldId('start_time')}
            endId={gameFieldId('end_time')}
            onStartChange={(start) => {
              form.setValues({ start_time: start, end_time: endAfterNewStart(start, form.values.end_time) });
              form.clearFieldError('start_time');
              form.clearFieldError('end_time');
            }}
            onEndChange={(end) => {
              form.setFieldValue('end_time', end);
              form.clearFieldError('end_time');
            }}
          />
        </Section>

        <Section title="Players and price">
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <NumberInput
              label="Capacity"
              description={`Places for players to join, ${MEMBER_GAME_CAPACITY.min} to ${MEMBER_GAME_CAPACITY.max}.`}
              min={MEMBER_GAME_CAPACITY.min}
              max={MEMBER_GAME_CAPACITY.max}
              step={1}
              {...input('capacity')}
            />
            <NumberInput
              label="Price per player"
              description="In dollars; 0 makes the game free."
              min={0}
              step={1}
              decimalScale={2}
              thousandSeparator=","
              {...input('price')}
            />
            <Select label="Currency" data={CURRENCY_OPTIONS} allowDeselect={false} {...input('currency')} />
          </SimpleGrid>
          {free ? (
            <Text size="sm" c="dimmed">
              Free game: players won't be asked to pay.
            </Text>
          ) : (
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Select
                label="Payment method"
                data={PAYMENT_METHOD_OPTIONS}
                allowDeselect={false}
                {...input('payment_method')}
              />
              <Textarea
                label="Payment instructions"
                placeholder="e.g. Green fees paid at the pro shop on the day"
                autosize
                minRows={1}
                maxRows={4}
                {...input('payment_instructions')}
              />
            </SimpleGrid>
          )}
        </Section>

        <Section
          title="Who can join"
          description="Optional. Join requests from golfers outside these limits are turned away."
        >
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <NumberInput
              label="Minimum handicap"
              step={HANDICAP.step}
              decimalScale={HANDICAP.decimals}
              min={HANDICAP.min}
              max={HANDICAP.max}
              allowNegative
              hideControls
              inputMode="decimal"
              {...input('min_handicap')}
            />
            <NumberInput
              label="Maximum handicap"
              step={HANDICAP.step}
              decimalScale={HANDICAP.decimals}
              min={HANDICAP.min}
              max={HANDICAP.max}
              allowNegative
              hideControls
              inputMode="decimal"
              {...input('max_handicap')}
            />
            <Select
              label="Minimum skill level"
              placeholder="Any level"
              data={SKILL_OPTIONS}
              clearable
              {...input('min_skill_level')}
            />
          </SimpleGrid>
        </Section>

        <FormError>{formError}</FormError>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => navigate(paths.events.href())} disabled={create.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending}>
            Create Game
          </Button>
        </Group>
      </Stack>

      <AddVenueDialog
        opened={addingVenue}
        onClose={() => setAddingVenue(false)}
        onSubmitted={(message) => {
          setAddingVenue(false);
          setVenueNotice(message);
        }}
      />
    </form>
  );
}
