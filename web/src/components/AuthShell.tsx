import { Box, Container, List, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import classes from './AuthShell.module.css';

const PERKS = [
  'Find playing partners at your level',
  'Organise games and approve who joins',
  'Coaches, courses and events across Australia',
];

/** The frame of the account pages: the form on a card beside a short word about LinksMate. */
export function AuthShell({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Box className={classes.backdrop}>
      <Container size="lg" py={{ base: 32, md: 64 }}>
        <Box className={classes.grid}>
          <Stack className={classes.aside} gap="lg" visibleFrom="md">
            <Title order={2} c="white" fz={32} lh={1.2}>
              Golf is better with good company.
            </Title>
            <List
              spacing="sm"
              c="fairway.0"
              icon={
                <ThemeIcon color="sand.4" c="dark.9" size={22} radius="xl">
                  <IconCheck size={14} aria-hidden />
                </ThemeIcon>
              }
            >
              {PERKS.map((perk) => (
                <List.Item key={perk}>{perk}</List.Item>
              ))}
            </List>
          </Stack>
          <Paper shadow="md" p={{ base: 'lg', sm: 40 }} withBorder className={classes.card}>
            <Stack gap={4} mb="lg">
              <Title order={1} fz={28}>
                {title}
              </Title>
              {subtitle && (
                <Text c="dimmed" size="sm" component="div">
                  {subtitle}
                </Text>
              )}
            </Stack>
            {children}
          </Paper>
        </Box>
      </Container>
    </Box>
  );
}
