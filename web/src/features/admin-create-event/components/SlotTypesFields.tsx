import type { Currency } from '@linksmate/proto/rules';
import {
  ActionIcon,
  Button,
  Group,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { CURRENCY_OPTIONS, type EventErrors, type SlotTypeValues } from './event-form';

/**
 * docs/product.md#admin-entities, #admin-validation, #admin-limits slot types: at least one; each with a name, a description, a price (not
 * negative) or 'Free', a currency (AUD by default) and whether it is on sale. A new one is free and
 * named 'Standard Admission'; the last one cannot be removed.
 */
export function SlotTypesFields({
  slotTypes,
  errors,
  onChange,
  onAdd,
  onRemove,
}: {
  slotTypes: SlotTypeValues[];
  errors: EventErrors;
  onChange(index: number, patch: Partial<SlotTypeValues>): void;
  onAdd(): void;
  onRemove(index: number): void;
}) {
  const only = slotTypes.length <= 1;
  return (
    <Stack gap="sm">
      {slotTypes.map((slot, i) => {
        const at = (field: string) => errors[`ticket_types.${i}.${field}`];
        const name = slot.name.trim() || `Slot type ${i + 1}`;
        return (
          <Paper
            key={slot.key}
            withBorder
            radius="md"
            p="md"
            role="group"
            aria-labelledby={`slot-type-${slot.key}`}
          >
            <Group justify="space-between" mb="xs">
              <Text fw={700} size="sm" id={`slot-type-${slot.key}`}>
                Slot type {i + 1}
              </Text>
              <Tooltip label={only ? 'An event needs at least one slot type' : 'Remove this slot type'}>
                <ActionIcon
                  variant="default"
                  c={only ? undefined : 'red.8'}
                  aria-label={`Remove ${name}`}
                  disabled={only}
                  onClick={() => onRemove(i)}
                >
                  <IconTrash size={16} aria-hidden />
                </ActionIcon>
              </Tooltip>
            </Group>
            <Stack gap="sm">
              <TextInput
                size="sm"
                label="Name"
                required
                maxLength={120}
                value={slot.name}
                onChange={(e) => onChange(i, { name: e.currentTarget.value })}
                error={at('name')}
              />
              <Textarea
                label="Description (optional)"
                maxLength={1000}
                autosize
                minRows={1}
                value={slot.description}
                onChange={(e) => onChange(i, { description: e.currentTarget.value })}
              />
              <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm" verticalSpacing="sm">
                <NumberInput
                  label="Price"
                  min={0}
                  decimalScale={slot.currency === 'JPY' ? 0 : 2}
                  fixedDecimalScale={!slot.free && slot.currency !== 'JPY'}
                  thousandSeparator=","
                  disabled={slot.free}
                  value={slot.free ? 0 : slot.price}
                  onChange={(value) => onChange(i, { price: value })}
                  error={at('price_per_ticket')}
                />
                <Select
                  label="Currency"
                  data={CURRENCY_OPTIONS}
                  value={slot.currency}
                  onChange={(value) => value && onChange(i, { currency: value as Currency })}
                  allowDeselect={false}
                  comboboxProps={{ withinPortal: true }}
                />
                <Stack gap={8} pt={{ base: 0, xs: 26 }}>
                  <Switch
                    label="Free"
                    checked={slot.free}
                    onChange={(e) => onChange(i, { free: e.currentTarget.checked })}
                  />
                  <Switch
                    label="On sale"
                    checked={slot.active}
                    onChange={(e) => onChange(i, { active: e.currentTarget.checked })}
                  />
                </Stack>
              </SimpleGrid>
            </Stack>
          </Paper>
        );
      })}
      {errors.ticket_types && (
        <Text c="red.8" size="sm" role="alert">
          {errors.ticket_types}
        </Text>
      )}
      <Group>
        <Button variant="default" leftSection={<IconPlus size={16} aria-hidden />} onClick={onAdd}>
          Add Slot Type
        </Button>
      </Group>
    </Stack>
  );
}
