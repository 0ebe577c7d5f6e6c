import type { AdminVenue } from '@linksmate/proto';
import { Button, Center, FileButton, Group, Image, Paper, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconPhoto, IconPhotoUp, IconTrash } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useDeleteVenuePhoto } from '../api/delete-venue-photo';
import { useUploadVenuePhoto } from '../api/upload-venue-photo';
import { FEATURED_IMAGE_HINT, featuredImageProblem, IMAGE_ACCEPT, uploadFailure } from './media-files';

/**
 * Spec 3 "Admin venue detail", Media: the featured image, uploaded (checked here first, at most
 * 10MB of JPEG, PNG, GIF or WebP) or removed; uploading and any error are shown (docs/product.md#admin-states).
 */
export function FeaturedImagePanel({ venue }: { venue: AdminVenue }) {
  const upload = useUploadVenuePhoto();
  const remove = useDeleteVenuePhoto();
  const [problem, setProblem] = useState<string | null>(null);
  const resetFile = useRef<() => void>(null);
  const busy = upload.isPending || remove.isPending;

  const choose = (file: File | null) => {
    resetFile.current?.();
    if (!file) return;
    const refused = featuredImageProblem(file);
    setProblem(refused);
    if (refused) return;
    upload.mutate({ venueId: venue.id, file }, { onError: (error) => setProblem(uploadFailure(error)) });
  };
  // The file is deleted on the server: nothing brings it back but uploading it again.
  const removeImage = () =>
    modals.openConfirmModal({
      title: 'Remove the featured image?',
      children: (
        <Text size="sm">
          The image is deleted and {venue.name} shows no featured image until a new one is uploaded.
        </Text>
      ),
      labels: { confirm: 'Remove image', cancel: 'Keep image' },
      confirmProps: { color: 'red' },
      onConfirm: () => {
        setProblem(null);
        remove.mutate(venue.id, {
          onError: (error) => setProblem(`Failed to delete image: ${error.message}`),
        });
      },
    });

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="featured-image-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="featured-image-title">
          Featured image
        </Title>
        {venue.featured_image_url ? (
          <Image
            src={venue.featured_image_url}
            alt={`Featured image of ${venue.name}`}
            maw={480}
            mah={300}
            radius="sm"
            fit="cover"
            style={{ opacity: busy ? 0.6 : 1 }}
          />
        ) : (
          <Center maw={480} h={160} bg="gray.1" style={{ borderRadius: 'var(--mantine-radius-sm)' }}>
            <Stack align="center" gap={4}>
              <IconPhoto size={32} color="var(--mantine-color-gray-6)" aria-hidden />
              <Text size="sm" c="dimmed">
                No featured image yet
              </Text>
            </Stack>
          </Center>
        )}
        <Group gap="sm">
          <FileButton onChange={choose} accept={IMAGE_ACCEPT} resetRef={resetFile} disabled={busy}>
            {(props) => (
              <Button
                {...props}
                variant="light"
                leftSection={<IconPhotoUp size={16} aria-hidden />}
                loading={upload.isPending}
                aria-describedby="featured-image-hint"
              >
                {venue.featured_image_url ? 'Replace image' : 'Upload image'}
              </Button>
            )}
          </FileButton>
          {venue.featured_image_url && (
            <Button
              variant="light"
              color="red"
              leftSection={<IconTrash size={16} aria-hidden />}
              loading={remove.isPending}
              disabled={upload.isPending}
              onClick={removeImage}
            >
              Remove image
            </Button>
          )}
        </Group>
        <Text size="xs" c="dimmed" id="featured-image-hint">
          {FEATURED_IMAGE_HINT}
        </Text>
        {upload.isPending && (
          <Text size="sm" role="status">
            Uploading...
          </Text>
        )}
        {problem && (
          <Text size="sm" c="red.9" role="alert">
            {problem}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
