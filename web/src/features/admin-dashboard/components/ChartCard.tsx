import { Box, Paper, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { useId } from 'react';

/**
 * A chart in a card, named for assistive technology: the figure carries the chart's title as its
 * name and a sentence saying what it shows. The drawing itself is hidden from screen readers, which
 * read that sentence instead of the axis ticks; so nothing in it may take focus (each chart turns
 * its keyboard layer off: `accessibilityLayer={false}`).
 */
export function ChartCard({
  title,
  caption,
  summary,
  children,
}: {
  title: string;
  caption?: string;
  summary: string;
  children: ReactNode;
}) {
  const summaryId = useId();
  return (
    <Paper
      component="figure"
      withBorder
      radius="md"
      p="md"
      m={0}
      aria-label={title}
      aria-describedby={summaryId}
    >
      <Stack gap="sm">
        <Stack gap={2}>
          <Title order={2} size="h4">
            {title}
          </Title>
          {caption && (
            <Text size="sm" c="dimmed">
              {caption}
            </Text>
          )}
        </Stack>
        <Box aria-hidden>{children}</Box>
        <VisuallyHidden id={summaryId}>{summary}</VisuallyHidden>
      </Stack>
    </Paper>
  );
}
