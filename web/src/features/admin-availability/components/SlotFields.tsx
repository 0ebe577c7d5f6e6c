import { AVAILABILITY_DEFAULTS } from '@linksmate/proto/rules';
import { NumberInput, Select, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import type { VenueOption } from '../../../entities/venue/api/get-venue-options';
import { SLOT_TYPE_OPTIONS, type SlotCommon } from './slot-form';

/**
 * The fields every slot has (docs/product.md#admin-entities "Availability slot"): type, price in dollars, the currency
 * (fixed to AUD, shown read-only), capacity, status and notes for admins; and, for a facility admin,
 * which of their venues it is at.
 */
export function SlotFields({
  input,
  statusOptions,
  venues,
}: {
  /** The form's props for one of the shared fields (the slot's form or the batch's). */
  input(field: keyof SlotCommon): GetInputPropsReturnType;
  statusOptions: Array<{ value: string; label: string }>;
  /** The venues to choose from, when the slot needs one; null hides the field. */
  venues: { options: VenueOption[]; loading: boolean } | null;
}) {
  return (
    <>
      {venues && (
        <Select
          label="Venue"
          required
          searchable
          placeholder={venues.loading ? 'Loading venues...' : 'Choose one of your venues'}
          data={venues.options}
          {...input('venueId')}
          nothingFoundMessage="No venues found"
          comboboxProps={{ withinPortal: true }}
        />
      )}
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <Select
          label="Slot type"
          data={SLOT_TYPE_OPTIONS}
          {...input('slotType')}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
        <Select
          label="Status"
          data={statusOptions}
          {...input('status')}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
        <NumberInput
          label="Price"
          description="In dollars; 0 is free"
          prefix="$"
          min={0}
          decimalScale={2}
          fixedDecimalScale
          thousandSeparator=","
          {...input('price')}
        />
        <TextInput
          size="sm"
          label="Currency"
          description="Slots are priced in Australian dollars"
          value={AVAILABILITY_DEFAULTS.currency}
          readOnly
        />
        <NumberInput label="Capacity" description="Places in the slot" min={1} {...input('capacity')} />
      </SimpleGrid>
      <Textarea
        label="Notes for admins (optional)"
        {...input('notes')}
        maxLength={2000}
        autosize
        minRows={2}
      />
    </>
  );
}
