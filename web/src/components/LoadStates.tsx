import { Alert, type AlertProps, Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/**
 * A screen or list that could not be read: the spec's failure sentence as the title, an optional
 * explanation, and a way to ask again ('Try Again' unless the screen's spec words it otherwise), with
 * any other way out (e.g. 'Back to Venues') beside it.
 */
export function LoadFailure({
  title,
  detail,
  onRetry,
  retrying,
  retryLabel = 'Try Again',
  actions,
  ...alert
}: {
  title: string;
  detail?: ReactNode;
  onRetry: () => void;
  retrying?: boolean;
  retryLabel?: string;
  actions?: ReactNode;
} & Omit<AlertProps, 'title' | 'children'>) {
  return (
    <Alert
      color="red"
      variant="light"
      role="alert"
      icon={<IconAlertCircle size={18} aria-hidden />}
      title={title}
      {...alert}
    >
      <Stack gap="sm" align="flex-start">
        {detail && <Text size="sm">{detail}</Text>}
        <Group gap="sm">
          <Button size="xs" variant="default" onClick={onRetry} loading={retrying}>
            {retryLabel}
          </Button>
          {actions}
        </Group>
      </Stack>
    </Alert>
  );
}

/** Cards on their way: `count` placeholders in the list's own grid, announced as loading `label`. */
export function CardGridSkeleton({
  label,
  count = 6,
  card,
}: {
  label: string;
  count?: number;
  card: (slot: number) => ReactNode;
}) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} role="status" aria-busy="true" aria-label={label}>
      {Array.from({ length: count }, (_, slot) => card(slot))}
    </SimpleGrid>
  );
}
