import { ADMIN_COACH_MESSAGES } from '@linksmate/proto/rules';
import { Button, Checkbox, Group, Modal, Select, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { useVenueOptions } from '../../../lib/admin-venue-options';
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
  const venues = useVenueOptions(opened);
  const add = useAddCoachVenue();
  const [venueId, setVenueId] = useState<string | null>(null);
  const [primary, setPrimary] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (venues.isError) notifications.show({ color: 'red', message: VENUES_FAILED });
  }, [venues.isError]);

  const close = () => {
    setVenueId(null);
    setPrimary(false);
    setError(null);
    add.reset();
    onClose();
  };

  const submit = () => {
    if (!venueId) return setError(ADMIN_COACH_MESSAGES.selectVenue);
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
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
          <Select
            label="Venue"
            placeholder={venues.isPending ? 'Loading venues...' : 'Search venues'}
            data={options}
            value={venueId}
            onChange={(value) => {
              setVenueId(value);
              setError(null);
            }}
            searchable
            clearable
            required
            nothingFoundMessage="No venues found"
            error={error ?? (venues.isError ? VENUES_FAILED_HINT : undefined)}
            comboboxProps={{ withinPortal: true }}
          />
          <Checkbox
            label="Set as primary venue"
            checked={primary}
            onChange={(event) => setPrimary(event.currentTarget.checked)}
          />
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
