import type { Coach } from '@linksmate/proto';
import { Button, Group, Modal, Stack, Stepper } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { useUpdateCoach } from '../api/update-coach';
import { BasicFields, ProfessionalFields, SettingsFields, SkillsFields, VenueField } from './CoachFields';
import {
  COACH_STEPS,
  type CoachFormValues,
  coachBody,
  coachErrors,
  firstStepWith,
  formValuesOf,
  serverDetail,
} from './coach-form';

const STEP_FIELDS = [BasicFields, VenueField, ProfessionalFields, SkillsFields, SettingsFields];
const LAST = COACH_STEPS.length - 1;

/**
 * Spec 3 "Coaches management": the five-step edit wizard. Going back is free; going forward needs
 * every step before the target to be valid, else the first invalid step opens with its messages.
 */
export function EditCoachWizard({ coach, onClose }: { coach: Coach; onClose(): void }) {
  const update = useUpdateCoach();
  const [active, setActive] = useState(0);
  const form = useForm<CoachFormValues>({ mode: 'controlled', initialValues: formValuesOf(coach) });

  /** Judges the steps before `target`: the first invalid one, or -1 when all pass. */
  const invalidBefore = (target: number) => {
    const fields = COACH_STEPS.slice(0, target).flatMap((step) => step.fields);
    const all = coachErrors(form.values);
    const errors = Object.fromEntries(fields.filter((f) => all[f]).map((f) => [f, all[f]]));
    form.setErrors(errors);
    return firstStepWith(errors);
  };

  const goTo = (target: number) => {
    if (target <= active) return setActive(target);
    const invalid = invalidBefore(target);
    setActive(invalid === -1 ? target : invalid);
  };

  const save = () => {
    const invalid = invalidBefore(COACH_STEPS.length);
    if (invalid !== -1) return setActive(invalid);
    update.mutate(
      { coachId: coach.id, body: coachBody(form.values, 'edit') },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: 'Coach updated successfully' });
          onClose();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.fieldErrors) {
            form.setErrors(error.fieldErrors);
            const step = firstStepWith(error.fieldErrors);
            if (step !== -1) setActive(step);
          }
          notifications.show({ color: 'red', message: `Failed to update coach: ${serverDetail(error)}` });
        },
      },
    );
  };

  const name = [coach.first_name, coach.last_name].filter(Boolean).join(' ');
  return (
    <Modal
      opened
      onClose={onClose}
      title={name ? `Edit Coach: ${name}` : 'Edit Coach'}
      size="xl"
      closeButtonProps={{ 'aria-label': 'Close' }}
      centered
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (active === LAST) save();
          else goTo(active + 1);
        }}
      >
        <Stack gap="lg">
          <Stepper active={active} onStepClick={goTo} size="sm" wrap>
            {COACH_STEPS.map((step, index) => {
              const Fields = STEP_FIELDS[index]!;
              return (
                <Stepper.Step key={step.label} label={step.label}>
                  <Stack pt="md">
                    <Fields form={form} />
                  </Stack>
                </Stepper.Step>
              );
            })}
          </Stepper>
          <Group justify="space-between" gap="sm">
            <Button variant="default" onClick={() => setActive(active - 1)} disabled={active === 0}>
              Previous
            </Button>
            {active < LAST ? (
              <Button type="submit">Next</Button>
            ) : (
              <Button type="submit" loading={update.isPending}>
                Update Coach
              </Button>
            )}
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
