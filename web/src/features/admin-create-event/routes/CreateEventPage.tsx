import { PRODUCT_NAME } from '@linksmate/proto/rules';
import { Stack } from '@mantine/core';
import { PageHeader } from '../../../components/PageHeader';
import { CreateEventForm } from '../components/CreateEventForm';

/** docs/product.md#admin-sections "Create {product} Event" (/admin/create-{product}-event): admin and site_admin. */
export function CreateEventPage() {
  return (
    <Stack gap="lg" maw={960}>
      <PageHeader
        title={`Create ${PRODUCT_NAME} Event`}
        subtitle="An official event at a venue, with the slot types golfers choose from when they join."
      />
      <CreateEventForm />
    </Stack>
  );
}
