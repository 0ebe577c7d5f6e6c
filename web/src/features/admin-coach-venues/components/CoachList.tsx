import type { Coach } from '@linksmate/proto';
import { PAGE_SIZES } from '@linksmate/proto/rules';
import {
  Alert,
  Avatar,
  Button,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useAdminCoaches } from '../../../entities/coach/api/get-admin-coaches';

const LOAD_FAILED = 'Failed to load coaches. Please try again later.';
const LIMIT = PAGE_SIZES.adminCoaches;

export const coachName = (coach: Coach) =>
  [coach.first_name, coach.last_name].filter(Boolean).join(' ') || coach.email || `Coach #${coach.id}`;

/** Spec 3 "Coach venues": the site admins' coach list, a page at a time ('Page x of y'). */
export function CoachList({
  page,
  selectedId,
  onPage,
  onSelect,
}: {
  page: number;
  selectedId: number | null;
  onPage(page: number): void;
  onSelect(coach: Coach): void;
}) {
  const coaches = useAdminCoaches({ limit: LIMIT, offset: (page - 1) * LIMIT });
  const rows = coaches.data?.coaches ?? [];
  const totalPages = Math.max(1, Math.ceil((coaches.data?.count ?? 0) / LIMIT));

  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Title order={2} size="h4" id="coach-list-title">
          Coaches
        </Title>
        {coaches.isPending ? (
          <Group justify="center" py="lg" role="status" aria-label="Loading coaches">
            <Loader size="sm" />
          </Group>
        ) : coaches.isError ? (
          <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle size={18} aria-hidden />}>
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{LOAD_FAILED}</Text>
              <Button
                size="xs"
                variant="default"
                onClick={() => coaches.refetch()}
                loading={coaches.isFetching}
              >
                Try Again
              </Button>
            </Stack>
          </Alert>
        ) : rows.length === 0 ? (
          <Text c="dimmed" ta="center" py="lg">
            No coaches found
          </Text>
        ) : (
          <Stack
            gap={4}
            component="ul"
            p={0}
            m={0}
            style={{ listStyle: 'none', opacity: coaches.isPlaceholderData ? 0.6 : 1 }}
            aria-labelledby="coach-list-title"
          >
            {rows.map((coach) => {
              const selected = coach.id === selectedId;
              return (
                <li key={coach.id}>
                  <UnstyledButton
                    w="100%"
                    p="xs"
                    aria-pressed={selected}
                    onClick={() => onSelect(coach)}
                    data-testid="coach-choice"
                    style={{
                      borderRadius: 'var(--mantine-radius-sm)',
                      background: selected ? 'var(--mantine-color-fairway-light)' : undefined,
                    }}
                  >
                    <Group gap="sm" wrap="nowrap">
                      <Avatar src={coach.profile_image_url} radius="xl" size="sm" color="fairway" alt="" />
                      <Stack gap={0} style={{ minWidth: 0 }}>
                        <Text size="sm" fw={selected ? 700 : 500} truncate>
                          {coachName(coach)}
                        </Text>
                        <Text size="xs" c="dimmed" truncate>
                          {coach.venue_name ?? 'No venue'}
                        </Text>
                      </Stack>
                    </Group>
                  </UnstyledButton>
                </li>
              );
            })}
          </Stack>
        )}
        <Group justify="space-between" gap="xs" component="nav" aria-label="Pages of coaches">
          <Button size="xs" variant="default" disabled={page <= 1} onClick={() => onPage(page - 1)}>
            Previous
          </Button>
          <Text size="sm" c="dimmed">
            Page {page} of {totalPages}
          </Text>
          <Button size="xs" variant="default" disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
            Next
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
