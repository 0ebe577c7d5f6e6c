import { PRODUCT_NAME } from '@linksmate/proto/rules';
import { Stack, Text, Title } from '@mantine/core';
import { CreateEventForm } from '../components/CreateEventForm';

/** Spec 3 §2 "Create {product} Event" (/admin/create-{product}-event): admin and site_admin. */
export function CreateEventPage() {
  return (
    <Stack gap="lg" maw={960}>
      <Stack gap={2}>
        <Title order={1} size="h2">
          Create {PRODUCT_NAME} Event
        </Title>
        <Text c="dimmed" size="sm">
          An official event at a venue, with the slot types golfers choose from when they join.
        </Text>
      </Stack>
      <CreateEventForm />
    </Stack>
  );
}
