import { Button, Divider, Group, Modal, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { ApiError } from '../../../lib/api-client';
import { useCreateCoach } from '../api/create-coach';
import { BasicFields, ProfessionalFields, SettingsFields, SkillsFields, VenueField } from './CoachFields';
import { type CoachFormValues, coachBody, coachErrors, EMPTY_COACH, serverDetail } from './coach-form';

/**
 * Spec 3 "Coaches management": 'Add New Coach'. Names and e-mail are required; the server adds the
 * coach and e-mails them an invitation to claim the profile.
 */
export function AddCoachDialog({ opened, onClose }: { opened: boolean; onClose(): void }) {
  const create = useCreateCoach();
  const form = useForm<CoachFormValues>({
    mode: 'controlled',
    initialValues: EMPTY_COACH,
    validate: coachErrors,
  });

  const close = () => {
    form.reset();
    create.reset();
    onClose();
  };

  const submit = (values: CoachFormValues) =>
    create.mutate(coachBody(values), {
      onSuccess: (reply) => {
        notifications.show({ color: 'green', message: reply.message ?? 'Coach added successfully' });
        close();
      },
      onError: (error) => {
        if (error instanceof ApiError && error.fieldErrors) form.setErrors(error.fieldErrors);
        notifications.show({ color: 'red', message: `Failed to add coach: ${serverDetail(error)}` });
      },
    });

  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Add New Coach"
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
      centered
    >
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="md">
          <BasicFields form={form} />
          <VenueField form={form} />
          <Divider />
          <ProfessionalFields form={form} />
          <SkillsFields form={form} />
          <SettingsFields form={form} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={create.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Add Coach
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
