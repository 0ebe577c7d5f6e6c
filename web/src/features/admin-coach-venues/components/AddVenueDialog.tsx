import { ADMIN_COACH_MESSAGES, mayUseAdminSection } from '@linksmate/proto/rules';
import { Button, Checkbox, Group, Modal, Select, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { useVenueOptions } from '../../../entities/venue/api/get-venue-options';
import { useSession } from '../../../lib/session-context';
import { useAddCoachVenue } from '../api/add-coach-venue';

const VENUES_FAILED = 'Failed to load venues';
const VENUES_FAILED_HINT = 'Failed to load venues. Please refresh the page.';

/**
 * Spec 3 "Coach venues": 'Add Venue' with a venue picker (every venue, 100 per request) and a
 * set-as-primary checkbox. Venues the coach already teaches at are not offered again.
 */
export function AddVenueDialog({
  coachId,
  linkedVenueIds,
  opened,
  onClose,
}: {
  coachId: number;
  linkedVenueIds: number[];
  opened: boolean;
  onClose(): void;
}) {
  // A coach or coach_admin has no Venues section: they pick from the directory's approved venues.
  const { role } = useSession();
  const venues = useVenueOptions(opened, mayUseAdminSection(role, 'venues') ? 'admin' : 'directory');
  const add = useAddCoachVenue();
  const form = useForm<{ venueId: string | null; primary: boolean }>({
    mode: 'controlled',
    initialValues: { venueId: null, primary: false },
    validate: { venueId: (value) => (value ? null : ADMIN_COACH_MESSAGES.selectVenue) },
  });

  useEffect(() => {
    if (venues.isError) notifications.show({ color: 'red', message: VENUES_FAILED });
  }, [venues.isError]);

  const close = () => {
    form.reset();
    add.reset();
    onClose();
  };

  const submit = ({ venueId, primary }: { venueId: string | null; primary: boolean }) => {
    add.mutate(
      { coachId, venueId: Number(venueId), isPrimary: primary },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: 'Venue added' });
          close();
        },
        onError: (failure) =>
          notifications.show({ color: 'red', message: `Failed to add venue: ${failure.message}` }),
      },
    );
  };

  const linked = new Set(linkedVenueIds.map(String));
  const options = (venues.data ?? []).filter((option) => !linked.has(option.value));
  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Add Venue"
      closeButtonProps={{ 'aria-label': 'Close' }}
      centered
    >
      <form noValidate onSubmit={form.onSubmit(submit)}>
        <Stack gap="md">
          <Select
            label="Venue"
            placeholder={venues.isPending ? 'Loading venues...' : 'Search venues'}
            data={options}
            {...form.getInputProps('venueId')}
            searchable
            clearable
            required
            nothingFoundMessage="No venues found"
            error={form.errors.venueId ?? (venues.isError ? VENUES_FAILED_HINT : undefined)}
            comboboxProps={{ withinPortal: true }}
          />
          <Checkbox label="Set as primary venue" {...form.getInputProps('primary', { type: 'checkbox' })} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={add.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={add.isPending}>
              Add Venue
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
