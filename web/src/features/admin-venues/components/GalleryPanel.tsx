import type { AdminVenue, VenueMedia } from '@linksmate/proto';
import {
  ActionIcon,
  AspectRatio,
  Badge,
  Box,
  Button,
  FileButton,
  Group,
  Image,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconPlayerPlay, IconTrash, IconUpload } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useDeleteVenueMedia } from '../api/delete-venue-media';
import { useUploadVenueGalleryItem } from '../api/upload-venue-gallery';
import { GALLERY_HINT, galleryFileProblem, MEDIA_ACCEPT, uploadFailure } from './media-files';

function GalleryItem({
  item,
  index,
  removing,
  disabled,
  onRemove,
}: {
  item: VenueMedia;
  index: number;
  removing: boolean;
  disabled: boolean;
  onRemove(): void;
}) {
  const label = `${item.media_type === 'video' ? 'Video' : 'Image'} ${index + 1}`;
  return (
    <Box pos="relative" component="li" style={{ opacity: removing ? 0.5 : 1 }}>
      <AspectRatio ratio={4 / 3}>
        {item.media_type === 'video' ? (
          // biome-ignore lint/a11y/useMediaCaption: venue clips have no speech to caption
          <video
            src={item.url}
            poster={item.thumbnail_url ?? undefined}
            controls
            preload="none"
            aria-label={label}
            style={{ borderRadius: 'var(--mantine-radius-sm)', objectFit: 'cover', background: '#000' }}
          />
        ) : (
          <Image src={item.url} alt={label} radius="sm" fit="cover" loading="lazy" />
        )}
      </AspectRatio>
      {item.media_type === 'video' && (
        <Badge
          size="xs"
          color="dark"
          variant="filled"
          pos="absolute"
          top={6}
          left={6}
          leftSection={<IconPlayerPlay size={10} aria-hidden />}
        >
          Video
        </Badge>
      )}
      <ActionIcon
        pos="absolute"
        top={6}
        right={6}
        color="red.8"
        variant="filled"
        aria-label={`Remove ${label.toLowerCase()}`}
        loading={removing}
        disabled={disabled}
        onClick={onRemove}
      >
        <IconTrash size={16} aria-hidden />
      </ActionIcon>
    </Box>
  );
}

/**
 * Spec 3 "Admin venue detail", Media: the gallery with each item's removal, and an upload of images
 * (up to 10MB) and videos (up to 100MB), checked here first and sent one after another.
 */
export function GalleryPanel({ venue }: { venue: AdminVenue }) {
  const upload = useUploadVenueGalleryItem();
  const remove = useDeleteVenueMedia();
  const [problems, setProblems] = useState<string[]>([]);
  const [progress, setProgress] = useState<{ done: number; of: number } | null>(null);
  const resetFiles = useRef<() => void>(null);
  const busy = progress !== null || remove.isPending;

  const choose = async (files: File[]) => {
    resetFiles.current?.();
    if (files.length === 0) return;
    const refused = files.flatMap((file) => {
      const problem = galleryFileProblem(file);
      return problem ? [files.length > 1 ? `${file.name}: ${problem}` : problem] : [];
    });
    const accepted = files.filter((file) => !galleryFileProblem(file));
    setProblems(refused);
    for (const [done, file] of accepted.entries()) {
      setProgress({ done, of: accepted.length });
      try {
        await upload.mutateAsync({ venueId: venue.id, file });
      } catch (error) {
        const reason = uploadFailure(error);
        setProblems((current) => [...current, accepted.length > 1 ? `${file.name}: ${reason}` : reason]);
      }
    }
    setProgress(null);
  };
  const removeItem = (item: VenueMedia) => {
    setProblems([]);
    remove.mutate(item.id, {
      onError: (error) => setProblems([`Failed to delete ${item.media_type}: ${error.message}`]),
    });
  };

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="gallery-title">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-end">
          <Title order={2} size="h4" id="gallery-title">
            Gallery{' '}
            <Text span c="dimmed" fw={400} size="sm">
              ({venue.gallery.length} {venue.gallery.length === 1 ? 'item' : 'items'})
            </Text>
          </Title>
          <FileButton onChange={choose} accept={MEDIA_ACCEPT} multiple resetRef={resetFiles} disabled={busy}>
            {(props) => (
              <Button
                {...props}
                variant="light"
                leftSection={<IconUpload size={16} aria-hidden />}
                loading={progress !== null}
                aria-describedby="gallery-hint"
              >
                Upload photos or videos
              </Button>
            )}
          </FileButton>
        </Group>
        <Text size="xs" c="dimmed" id="gallery-hint">
          {GALLERY_HINT} JPEG, PNG, GIF, WebP; MP4, MOV, AVI, WebM, 3GP.
        </Text>
        <Text size="sm" role="status">
          {progress && `Uploading ${progress.done + 1} of ${progress.of}...`}
        </Text>
        {problems.length > 0 && (
          <Stack gap={2} role="alert">
            {problems.map((problem) => (
              <Text key={problem} size="sm" c="red.9">
                {problem}
              </Text>
            ))}
          </Stack>
        )}
        {venue.gallery.length === 0 ? (
          <Text c="dimmed" size="sm">
            No photos or videos in the gallery yet.
          </Text>
        ) : (
          <SimpleGrid
            component="ul"
            cols={{ base: 2, sm: 3, md: 4 }}
            spacing="sm"
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
            aria-label="Gallery items"
          >
            {venue.gallery.map((item, index) => (
              <GalleryItem
                key={item.id}
                item={item}
                index={index}
                removing={remove.isPending && remove.variables === item.id}
                disabled={busy}
                onRemove={() => removeItem(item)}
              />
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </Paper>
  );
}
