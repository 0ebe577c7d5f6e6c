import type { UserVenueBody } from '@linksmate/proto';
import { AU_STATES, DEFAULT_COUNTRY, VENUE_MESSAGES, webLinkError } from '@linksmate/proto/rules';
import { Button, Group, Modal, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { FormError } from '../../../components/FormError';
import { ApiError } from '../../../lib/api-client';
import { useCreateUserVenue } from '../api/create-user-venue';

const FAILED = 'Failed to create venue';

interface VenueFormValues {
  name: string;
  address: string;
  city: string;
  state: string | null;
  postal_code: string;
  country: string;
  phone: string;
  email: string;
  website_url: string;
  description: string;
}

const EMPTY: VenueFormValues = {
  name: '',
  address: '',
  city: '',
  state: null,
  postal_code: '',
  country: DEFAULT_COUNTRY,
  phone: '',
  email: '',
  website_url: '',
  description: '',
};

/** Only what was filled in is sent. */
function bodyOf(values: VenueFormValues): UserVenueBody {
  const body: UserVenueBody = { name: values.name.trim() };
  for (const field of [
    'address',
    'city',
    'postal_code',
    'country',
    'phone',
    'email',
    'website_url',
    'description',
  ] as const) {
    const text = values[field].trim();
    if (text) body[field] = text;
  }
  if (values.state) body.state = values.state;
  return body;
}

/**
 * Spec 2 "Create member game": 'Add New Venue'. A new venue goes to review before anyone can pick
 * it (docs/product.md#community-states), so the dialog closes with the server's word on that rather than selecting it.
 */
export function AddVenueDialog({
  opened,
  onClose,
  onSubmitted,
}: {
  opened: boolean;
  onClose(): void;
  onSubmitted(message: string): void;
}) {
  const create = useCreateUserVenue();
  const form = useForm<VenueFormValues>({
    mode: 'controlled',
    initialValues: EMPTY,
    validate: {
      name: (value) => (value.trim() ? null : VENUE_MESSAGES.nameRequired),
      website_url: (value) => webLinkError(value),
    },
  });

  const close = () => {
    form.reset();
    create.reset();
    onClose();
  };

  const submit = (values: VenueFormValues) =>
    create.mutate(bodyOf(values), {
      onSuccess: (reply) => {
        form.reset();
        onSubmitted(reply.message || VENUE_MESSAGES.submitted);
      },
      onError: (error) => {
        if (error instanceof ApiError && error.fieldErrors) form.setErrors(error.fieldErrors);
      },
    });

  const failure =
    create.error && !(create.error instanceof ApiError && create.error.fieldErrors)
      ? create.error instanceof ApiError && !create.error.message.startsWith('API error')
        ? create.error.message
        : FAILED
      : null;

  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Add New Venue"
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
      centered
    >
      <form
        onSubmit={(event) => {
          // The dialog sits inside the game form: its submit must not reach that form.
          event.stopPropagation();
          form.onSubmit(submit)(event);
        }}
        noValidate
      >
        <Stack gap="sm">
          <TextInput label="Venue name" required data-autofocus {...form.getInputProps('name')} />
          <TextInput label="Address" autoComplete="street-address" {...form.getInputProps('address')} />
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput label="City" autoComplete="address-level2" {...form.getInputProps('city')} />
            <Select label="State" data={[...AU_STATES]} clearable {...form.getInputProps('state')} />
            <TextInput label="Postcode" autoComplete="postal-code" {...form.getInputProps('postal_code')} />
          </SimpleGrid>
          <TextInput label="Country" autoComplete="country-name" {...form.getInputProps('country')} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Phone" type="tel" autoComplete="tel" {...form.getInputProps('phone')} />
            <TextInput label="Email" type="email" autoComplete="email" {...form.getInputProps('email')} />
          </SimpleGrid>
          <TextInput label="Website" type="url" {...form.getInputProps('website_url')} />
          <Textarea
            label="Description"
            autosize
            minRows={2}
            maxRows={5}
            {...form.getInputProps('description')}
          />
          <FormError>{failure}</FormError>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={create.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Submit venue
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
