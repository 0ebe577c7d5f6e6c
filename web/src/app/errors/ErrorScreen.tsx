import { Container, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A failure in place of a page: what happened in plain words, and the ways on. */
export function ErrorScreen({
  title,
  message,
  actions,
}: {
  title: string;
  message: string;
  actions: ReactNode;
}) {
  return (
    <Container size="sm" py={{ base: 56, sm: 96 }} role="alert" aria-labelledby="error-screen-title">
      <Stack align="center" gap="md" ta="center">
        <Title order={1} id="error-screen-title">
          {title}
        </Title>
        <Text c="dimmed">{message}</Text>
        <Group justify="center" gap="sm">
          {actions}
        </Group>
      </Stack>
    </Container>
  );
}

export const NEW_VERSION_TEXT = {
  title: 'A new version of LinksMate is available',
  message: 'LinksMate was updated since this page was opened. Reload to get the new version.',
  reload: 'Reload',
} as const;

export const PAGE_FAILED_TEXT = {
  title: 'Something went wrong',
  message: "This page ran into a problem and couldn't be shown. Nothing you saved is lost.",
  retry: 'Try again',
  home: 'Back to home',
} as const;
