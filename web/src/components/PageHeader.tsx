import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/**
 * A page's heading: its title, a dimmed line under it and, at the right, its actions. `liveSubtitle`
 * lets screen readers hear a subtitle that changes (a count that follows the filters).
 */
export function PageHeader({
  title,
  subtitle,
  liveSubtitle = false,
  actions,
}: {
  title: ReactNode;
  subtitle: ReactNode;
  liveSubtitle?: boolean;
  actions?: ReactNode;
}) {
  const heading = (
    <Stack gap={2}>
      <Title order={1} size="h2">
        {title}
      </Title>
      <Text c="dimmed" size="sm" aria-live={liveSubtitle ? 'polite' : undefined}>
        {subtitle}
      </Text>
    </Stack>
  );
  if (!actions) return heading;
  return (
    <Group justify="space-between" align="flex-end" wrap="wrap">
      {heading}
      <Group gap="sm">{actions}</Group>
    </Group>
  );
}

/** Fetches a query again; it spins while a refetch runs, not during the first load (the page shows that). */
export function RefreshButton({
  query,
}: {
  query: { isFetching: boolean; isPending: boolean; refetch: () => unknown };
}) {
  return (
    <Button
      variant="default"
      leftSection={<IconRefresh size={16} aria-hidden />}
      loading={query.isFetching && !query.isPending}
      onClick={() => void query.refetch()}
    >
      Refresh
    </Button>
  );
}
