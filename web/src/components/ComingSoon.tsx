import { Badge, Button, Container, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowLeft, IconFlag } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router-dom';
import { paths } from '../lib/paths';

/**
 * A screen that is planned but not built yet: what it will be, and a way back. Someone who came from
 * another page of the app goes back there; someone who arrived here first goes home.
 */
export function ComingSoonPage({ title, description }: { title: string; description: string }) {
  const navigate = useNavigate();
  // The router numbers the entries it makes in this tab from 0; at 0 (opened directly, or reached
  // only through redirects that replaced it) there is no page of ours to go back to.
  const cameFromApp = ((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0;
  return (
    <Container size="sm" py={96}>
      <Stack align="center" gap="md" ta="center">
        <ThemeIcon size={72} radius="xl" variant="light">
          <IconFlag size={36} aria-hidden />
        </ThemeIcon>
        <Badge color="sand" c="dark.8" size="lg">
          Coming soon
        </Badge>
        <Title order={1}>{title}</Title>
        <Text c="dimmed" maw={480}>
          {description}
        </Text>
        <Group gap="sm" justify="center">
          {cameFromApp ? (
            <>
              <Button leftSection={<IconArrowLeft size={16} aria-hidden />} onClick={() => navigate(-1)}>
                Go back
              </Button>
              <Button component={Link} to={paths.home.href()} variant="default">
                Home
              </Button>
            </>
          ) : (
            <Button component={Link} to={paths.home.href()}>
              Back to home
            </Button>
          )}
        </Group>
      </Stack>
    </Container>
  );
}
