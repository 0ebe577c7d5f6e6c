import {
  AVAILABILITY_DEFAULTS,
  type AvailabilitySlotStatus,
  type AvailabilitySlotType,
} from '@linksmate/proto/rules';
import { NumberInput, Select, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import type { VenueOption } from '../../../lib/admin-venue-options';
import { SLOT_TYPE_OPTIONS, type SlotCommon, type SlotErrors } from './slot-form';

/**
 * The fields every slot has (docs/product.md#admin-entities "Availability slot"): type, price in dollars, the currency
 * (fixed to AUD, shown read-only), capacity, status and notes for admins; and, for a facility admin,
 * which of their venues it is at.
 */
export function SlotFields({
  values,
  errors,
  statusOptions,
  venues,
  onChange,
}: {
  values: SlotCommon;
  errors: SlotErrors;
  statusOptions: Array<{ value: string; label: string }>;
  /** The venues to choose from, when the slot needs one; null hides the field. */
  venues: { options: VenueOption[]; loading: boolean } | null;
  onChange(patch: Partial<SlotCommon>): void;
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
          value={values.venueId}
          onChange={(value) => onChange({ venueId: value })}
          error={errors.venue_id}
          nothingFoundMessage="No venues found"
          comboboxProps={{ withinPortal: true }}
        />
      )}
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <Select
          label="Slot type"
          data={SLOT_TYPE_OPTIONS}
          value={values.slotType}
          onChange={(value) => value && onChange({ slotType: value as AvailabilitySlotType })}
          allowDeselect={false}
          error={errors.slot_type}
          comboboxProps={{ withinPortal: true }}
        />
        <Select
          label="Status"
          data={statusOptions}
          value={values.status}
          onChange={(value) => value && onChange({ status: value as AvailabilitySlotStatus })}
          allowDeselect={false}
          error={errors.status}
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
          value={values.price}
          onChange={(value) => onChange({ price: value })}
          error={errors.price}
        />
        <TextInput
          size="sm"
          label="Currency"
          description="Slots are priced in Australian dollars"
          value={AVAILABILITY_DEFAULTS.currency}
          readOnly
        />
        <NumberInput
          label="Capacity"
          description="Places in the slot"
          min={1}
          value={values.capacity}
          onChange={(value) => onChange({ capacity: value })}
          error={errors.capacity}
        />
      </SimpleGrid>
      <Textarea
        label="Notes for admins (optional)"
        value={values.notes}
        onChange={(e) => onChange({ notes: e.currentTarget.value })}
        maxLength={2000}
        autosize
        minRows={2}
        error={errors.notes_for_admin}
      />
    </>
  );
}
