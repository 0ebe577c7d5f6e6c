import type { AdminGrantBody } from '@linksmate/proto';
import { GRANT_DURATION, GRANT_MEMBERSHIP_TYPES } from '@linksmate/proto/rules';
import { Button, Group, Modal, NumberInput, Select, Stack, Text } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useState } from 'react';
import { capitalise } from '../../../lib/text';

type Unit = (typeof GRANT_DURATION.units)[number];

const today = () => {
  const now = new Date();
  return new Date(now.getFullYear(), now.getMonth(), now.getDate());
};
const dayOf = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/** The duration's problem as typed: out of range (or empty), or a decimal. */
function durationError(amount: number | string): string | undefined {
  const value = amount === '' ? Number.NaN : Number(amount);
  if (!(value >= GRANT_DURATION.min && value <= GRANT_DURATION.max))
    return `From ${GRANT_DURATION.min} to ${GRANT_DURATION.max}`;
  return Number.isInteger(value) ? undefined : 'Duration must be a whole number';
}

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
  const [type, setType] = useState<(typeof GRANT_MEMBERSHIP_TYPES)[number]>('monthly');
  // As typed: an empty or out-of-range duration stays on screen with its message.
  const [amount, setAmount] = useState<number | string>(1);
  const [unit, setUnit] = useState<Unit>('months');
  const [expiry, setExpiry] = useState<Date | null>(null);
  const reset = () => {
    setType('monthly');
    setAmount(1);
    setUnit('months');
    setExpiry(null);
  };
  const close = () => {
    reset();
    onClose();
  };
  const lifetime = type === 'lifetime' || unit === 'lifetime';
  const amountError = lifetime ? undefined : durationError(amount);
  const grant = (): AdminGrantBody => ({
    membership_type: type,
    duration: lifetime ? 'lifetime' : `${Number(amount)}_${unit}`,
    ...(type === 'annual' && expiry ? { expiry_date: dayOf(expiry) } : {}),
  });

  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Grant Free Membership"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="md">
        <Text size="sm">
          Give {who} a membership at no charge. A paid subscription they hold is cancelled.
        </Text>
        <Select
          label="Membership type"
          data={GRANT_MEMBERSHIP_TYPES.map((value) => ({ value, label: capitalise(value) }))}
          value={type}
          onChange={(value) => value && setType(value as typeof type)}
          allowDeselect={false}
        />
        <Group grow align="flex-start">
          <NumberInput
            label="Duration"
            min={GRANT_DURATION.min}
            max={GRANT_DURATION.max}
            value={amount}
            onChange={setAmount}
            disabled={lifetime}
            error={amountError}
          />
          <Select
            label="Unit"
            data={GRANT_DURATION.units.map((value) => ({ value, label: capitalise(value) }))}
            value={unit}
            onChange={(value) => value && setUnit(value as Unit)}
            allowDeselect={false}
            disabled={type === 'lifetime'}
          />
        </Group>
        {type === 'annual' && (
          <DateInput
            label="Expiry date (optional)"
            description="Empty: one year from today."
            value={expiry}
            onChange={(value) => setExpiry(value ? new Date(value) : null)}
            minDate={today()}
            clearable
            valueFormat="D MMMM YYYY"
          />
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={busy}>
            Cancel
          </Button>
          <Button
            loading={busy}
            disabled={amountError !== undefined}
            onClick={() => {
              onGrant(grant());
              reset();
            }}
          >
            Grant Membership
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
