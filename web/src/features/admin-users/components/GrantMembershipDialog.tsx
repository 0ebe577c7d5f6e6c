import type { AdminGrantBody } from '@linksmate/proto';
import { GRANT_DURATION, GRANT_MEMBERSHIP_TYPES } from '@linksmate/proto/rules';
import { Button, Group, Modal, NumberInput, Select, Stack, Text } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { capitalise } from '../../../lib/text';
import { type GrantValues, grantBodyOf, isLifetime, newGrantValues, validateGrant } from './grant-form';

const today = () => {
  const now = new Date();
  return new Date(now.getFullYear(), now.getMonth(), now.getDate());
};

/**
 * docs/product.md#admin-validation "Grant membership": a type (monthly, annual, lifetime) and a duration of 1 to 12 days,
 * weeks, months or years, or lifetime; the number is off when the unit or the type is lifetime. An
 * annual grant may name its last day (not before today); left empty it runs a year.
 */
export function GrantMembershipDialog({
  opened,
  who,
  busy,
  onGrant,
  onClose,
}: {
  opened: boolean;
  who: string;
  busy: boolean;
  onGrant(grant: AdminGrantBody): void;
  onClose(): void;
}) {
  const form = useForm<GrantValues>({
    mode: 'controlled',
    initialValues: newGrantValues(),
    validate: validateGrant,
    // The duration's problem shows as it is typed, as the spec's bounded number input would.
    validateInputOnChange: ['amount'],
  });
  const close = () => {
    form.reset();
    onClose();
  };
  const lifetime = isLifetime(form.values);
  const submit = (values: GrantValues) => {
    onGrant(grantBodyOf(values));
    form.reset();
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Grant Free Membership"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="md">
          <Text size="sm">
            Give {who} a membership at no charge. A paid subscription they hold is cancelled.
          </Text>
          <Select
            label="Membership type"
            data={GRANT_MEMBERSHIP_TYPES.map((value) => ({ value, label: capitalise(value) }))}
            {...form.getInputProps('type')}
            onChange={(value) => {
              if (!value) return;
              form.setFieldValue('type', value as GrantValues['type']);
              // A lifetime type has no duration to be wrong.
              form.clearFieldError('amount');
            }}
            allowDeselect={false}
          />
          <Group grow align="flex-start">
            <NumberInput
              label="Duration"
              min={GRANT_DURATION.min}
              max={GRANT_DURATION.max}
              {...form.getInputProps('amount')}
              disabled={lifetime}
              error={lifetime ? undefined : form.errors.amount}
            />
            <Select
              label="Unit"
              data={GRANT_DURATION.units.map((value) => ({ value, label: capitalise(value) }))}
              {...form.getInputProps('unit')}
              onChange={(value) => {
                if (!value) return;
                form.setFieldValue('unit', value as GrantValues['unit']);
                form.clearFieldError('amount');
              }}
              allowDeselect={false}
              disabled={form.values.type === 'lifetime'}
            />
          </Group>
          {form.values.type === 'annual' && (
            <DateInput
              label="Expiry date (optional)"
              description="Empty: one year from today."
              value={form.values.expiry}
              onChange={(value) => form.setFieldValue('expiry', value ? new Date(value) : null)}
              minDate={today()}
              clearable
              valueFormat="D MMMM YYYY"
            />
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" loading={busy} disabled={!lifetime && Boolean(form.errors.amount)}>
              Grant Membership
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
