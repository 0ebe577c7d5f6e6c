import { Stack, Text, Title } from '@mantine/core';
import { AnnouncementForm } from '../components/AnnouncementForm';
import { AnnouncementList } from '../components/AnnouncementList';

/** Spec 3 "Platform Announcements" (/admin/announcements): send one, and see the recent ones. */
export function AnnouncementsAdminPage() {
  return (
    <Stack gap="lg">
      <Stack gap={2}>
        <Title order={1} size="h2">
          Platform Announcements
        </Title>
        <Text c="dimmed" size="sm">
          Send announcements to everyone on LinksMate and see the recent ones.
        </Text>
      </Stack>
      <AnnouncementForm />
      <AnnouncementList />
    </Stack>
  );
}
