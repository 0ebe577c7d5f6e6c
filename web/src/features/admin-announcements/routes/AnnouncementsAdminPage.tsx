import { Stack } from '@mantine/core';
import { PageHeader } from '../../../components/PageHeader';
import { AnnouncementForm } from '../components/AnnouncementForm';
import { AnnouncementList } from '../components/AnnouncementList';

/** Spec 3 "Platform Announcements" (/admin/announcements): send one, and see the recent ones. */
export function AnnouncementsAdminPage() {
  return (
    <Stack gap="lg">
      <PageHeader
        title="Platform Announcements"
        subtitle="Send announcements to everyone on LinksMate and see the recent ones."
      />
      <AnnouncementForm />
      <AnnouncementList />
    </Stack>
  );
}
