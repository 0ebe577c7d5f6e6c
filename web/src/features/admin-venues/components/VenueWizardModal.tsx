import { Center, Loader, Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { LoadFailure } from '../../../components/LoadStates';
import { useAdminVenue } from '../api/get-admin-venue';
import { VenueWizard } from './wizard/VenueWizard';

const LOAD_FAILED = 'Failed to load venue details';

/**
 * The venue wizard in a large modal, full screen on phones: empty for a new venue, or filled in from
 * the venue being edited once it has loaded.
 */
export function VenueWizardModal({
  opened,
  venueId,
  withCommercials,
  onClose,
}: {
  opened: boolean;
  /** The venue to edit, or null to add one. */
  venueId: number | null;
  withCommercials: boolean;
  onClose(): void;
}) {
  const phone = useMediaQuery('(max-width: 36em)');
  const editing = venueId !== null;
  const venue = useAdminVenue(venueId ?? 0, opened && editing);

  let body: ReactNode;
  if (!editing)
    body = (
      <VenueWizard venue={null} withCommercials={withCommercials} onSaved={onClose} onCancel={onClose} />
    );
  else if (venue.data)
    body = (
      <VenueWizard
        key={venue.data.venue.id}
        venue={venue.data.venue}
        withCommercials={withCommercials}
        onSaved={onClose}
        onCancel={onClose}
      />
    );
  else if (venue.isError)
    body = (
      <LoadFailure
        title={LOAD_FAILED}
        detail={venue.error.message}
        onRetry={() => void venue.refetch()}
        retrying={venue.isFetching}
      />
    );
  else
    body = (
      <Center py="xl" role="status" aria-label="Loading the venue">
        <Loader />
      </Center>
    );

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={editing ? 'Edit Venue' : 'Add New Venue'}
      size="xl"
      fullScreen={!!phone}
      closeOnClickOutside={false}
      closeButtonProps={{ 'aria-label': 'Close' }}
      centered={!phone}
    >
      {body}
    </Modal>
  );
}
