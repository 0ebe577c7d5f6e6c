import { AU_STATES } from '@linksmate/proto/rules';
import { Autocomplete, NumberInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { VenueForm } from './venue-form';

/** Step 2: where the venue is; address, city and country are required (docs/product.md#admin-validation). */
export function LocationStep({ form }: { form: VenueForm }) {
  return (
    <Stack gap="md">
      <TextInput
        size="sm"
        label="Address"
        required
        autoComplete="street-address"
        {...form.getInputProps('address')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput size="sm" label="Suburb" {...form.getInputProps('suburb')} />
        <TextInput
          size="sm"
          label="City"
          required
          autoComplete="address-level2"
          {...form.getInputProps('city')}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Autocomplete
          label="State"
          data={[...AU_STATES]}
          autoComplete="address-level1"
          {...form.getInputProps('state')}
        />
        <TextInput
          size="sm"
          label="Postcode"
          autoComplete="postal-code"
          {...form.getInputProps('postal_code')}
        />
        <TextInput
          size="sm"
          label="Country"
          required
          autoComplete="country-name"
          {...form.getInputProps('country')}
        />
      </SimpleGrid>
      <TextInput
        size="sm"
        label="Region"
        description="The area golfers search by, for example: Mornington Peninsula."
        {...form.getInputProps('region')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <NumberInput
          label="Latitude"
          description="Places the venue on the map."
          decimalScale={6}
          min={-90}
          max={90}
          {...form.getInputProps('lat')}
        />
        <NumberInput
          label="Longitude"
          description="Places the venue on the map."
          decimalScale={6}
          min={-180}
          max={180}
          {...form.getInputProps('lng')}
        />
      </SimpleGrid>
    </Stack>
  );
}
