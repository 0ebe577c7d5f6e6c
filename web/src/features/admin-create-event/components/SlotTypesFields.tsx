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
import type { UseFormReturnType } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { CURRENCY_OPTIONS, type EventValues, newSlotType } from './event-form';

/**
 * docs/product.md#admin-entities, #admin-validation, #admin-limits slot types: at least one; each with a name, a description, a price (not
 * negative) or 'Free', a currency (AUD by default) and whether it is on sale. A new one is free and
 * named 'Standard Admission'; the last one cannot be removed.
 */
export function SlotTypesFields({ form }: { form: UseFormReturnType<EventValues> }) {
  const slotTypes = form.values.slotTypes;
  const only = slotTypes.length <= 1;
  return (
    <Stack gap="sm">
      {slotTypes.map((slot, i) => {
        const path = (field: string) => `slotTypes.${i}.${field}`;
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
                  onClick={() => !only && form.removeListItem('slotTypes', i)}
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
                {...form.getInputProps(path('name'))}
              />
              <Textarea
                label="Description (optional)"
                maxLength={1000}
                autosize
                minRows={1}
                {...form.getInputProps(path('description'))}
              />
              <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm" verticalSpacing="sm">
                <NumberInput
                  label="Price"
                  min={0}
                  decimalScale={slot.currency === 'JPY' ? 0 : 2}
                  fixedDecimalScale={!slot.free && slot.currency !== 'JPY'}
                  thousandSeparator=","
                  disabled={slot.free}
                  {...form.getInputProps(path('price'))}
                  value={slot.free ? 0 : slot.price}
                />
                <Select
                  label="Currency"
                  data={CURRENCY_OPTIONS}
                  {...form.getInputProps(path('currency'))}
                  allowDeselect={false}
                  comboboxProps={{ withinPortal: true }}
                />
                <Stack gap={8} pt={{ base: 0, xs: 26 }}>
                  <Switch
                    label="Free"
                    checked={slot.free}
                    onChange={(e) => {
                      form.setFieldValue(path('free'), e.currentTarget.checked);
                      // A free slot type has no price to be wrong.
                      form.clearFieldError(path('price'));
                    }}
                  />
                  <Switch label="On sale" {...form.getInputProps(path('active'), { type: 'checkbox' })} />
                </Stack>
              </SimpleGrid>
            </Stack>
          </Paper>
        );
      })}
      {form.errors.slotTypes && (
        <Text c="red.8" size="sm" role="alert">
          {form.errors.slotTypes}
        </Text>
      )}
      <Group>
        <Button
          variant="default"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => form.insertListItem('slotTypes', newSlotType())}
        >
          Add Slot Type
        </Button>
      </Group>
    </Stack>
  );
}
