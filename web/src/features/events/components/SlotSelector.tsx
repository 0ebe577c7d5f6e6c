import { formatCents, GST_LABEL } from '@linksmate/proto/rules';
import { ActionIcon, Card, Divider, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconMinus, IconPlus } from '@tabler/icons-react';
import { OrderSummary, SummaryLine } from '../../../components/payments/OrderSummary';
import { keyOf, type Quantities, type SlotOption, type SlotTotals } from './slot-selection';

/** The summary box: one line per chosen slot type, the subtotal, GST and the total. */
export function SlotSummary({
  lines,
  subtotal,
  gst,
  total,
  currency,
}: {
  lines: Array<{ label: string; amount: number }>;
  subtotal: number;
  gst: number;
  total: number;
  currency: string;
}) {
  return (
    <OrderSummary label="Selection summary">
      {lines.map((line) => (
        <SummaryLine key={line.label} label={line.label} amount={formatCents(line.amount, currency)} />
      ))}
      {lines.length > 0 && <Divider my={4} />}
      <SummaryLine label="Subtotal" amount={formatCents(subtotal, currency)} />
      <SummaryLine label={GST_LABEL} amount={formatCents(gst, currency)} c="dimmed" />
      <Divider my={4} />
      <SummaryLine label="Total" amount={formatCents(total, currency)} fw={700} size="md" />
    </OrderSummary>
  );
}

/**
 * Spec 2 "Event detail": plus and minus per slot type, never below 0, and the selection's summary.
 * `maxSeats` caps the whole selection (the seats left, the most one purchase may take).
 */
export function SlotSelector({
  options,
  quantities,
  onChange,
  maxSeats,
  totals,
  currency,
}: {
  options: SlotOption[];
  quantities: Quantities;
  onChange: (next: Quantities) => void;
  maxSeats: number;
  totals: SlotTotals;
  currency: string;
}) {
  const set = (option: SlotOption, quantity: number) =>
    onChange({ ...quantities, [keyOf(option)]: Math.max(0, quantity) });
  return (
    <Stack gap="sm">
      {options.map((option) => {
        const quantity = quantities[keyOf(option)] ?? 0;
        return (
          <Card key={keyOf(option)} withBorder padding="sm" radius="md">
            <Group justify="space-between" wrap="nowrap" align="center" gap="sm">
              <div style={{ minWidth: 0 }}>
                <Text fw={600}>{option.name}</Text>
                {option.description && (
                  <Text size="sm" c="dimmed">
                    {option.description}
                  </Text>
                )}
                <Text size="sm">{formatCents(option.price, option.currency)} + GST</Text>
              </div>
              <Group gap={6} wrap="nowrap">
                <ActionIcon
                  variant="default"
                  size={36}
                  radius="xl"
                  aria-label={`Remove one ${option.name}`}
                  disabled={quantity <= 0}
                  onClick={() => set(option, quantity - 1)}
                >
                  <IconMinus size={16} aria-hidden />
                </ActionIcon>
                <Text fw={700} miw={28} ta="center" aria-live="polite" data-testid="slot-quantity">
                  <VisuallyHidden>{option.name}: </VisuallyHidden>
                  {quantity}
                </Text>
                <ActionIcon
                  variant="default"
                  size={36}
                  radius="xl"
                  aria-label={`Add one ${option.name}`}
                  disabled={totals.seats >= maxSeats}
                  onClick={() => set(option, quantity + 1)}
                >
                  <IconPlus size={16} aria-hidden />
                </ActionIcon>
              </Group>
            </Group>
          </Card>
        );
      })}
      {totals.seats >= maxSeats && maxSeats > 0 && (
        <Text size="xs" c="dimmed">
          {maxSeats === 1
            ? 'One seat can be bought here.'
            : `At most ${maxSeats} seats can be bought at once here.`}
        </Text>
      )}
      <SlotSummary
        lines={totals.lines.map((line) => ({
          label: `${line.option.name} × ${line.quantity}`,
          amount: line.total,
        }))}
        subtotal={totals.subtotal}
        gst={totals.gst}
        total={totals.total}
        currency={currency}
      />
    </Stack>
  );
}
