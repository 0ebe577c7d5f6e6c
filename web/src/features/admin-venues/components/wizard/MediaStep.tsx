import {
  ActionIcon,
  Anchor,
  Fieldset,
  FileInput,
  Group,
  Image,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconPhoto, IconVideo, IconX } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../../../lib/paths';
import {
  FEATURED_IMAGE_HINT,
  featuredImageProblem,
  fileSize,
  GALLERY_HINT,
  galleryFileProblem,
  IMAGE_ACCEPT,
  MEDIA_ACCEPT,
} from '../media-files';
import type { VenueField, VenueForm } from './venue-form';

/** Files chosen in the wizard: sent once the venue is saved, not with the form (docs/product.md#admin-states). */
export interface PendingMedia {
  featured: File | null;
  gallery: File[];
}
export const NO_PENDING_MEDIA: PendingMedia = { featured: null, gallery: [] };

/** What the venue already has, when editing one. */
export interface ExistingMedia {
  venueId: number;
  featuredImageUrl: string | null;
  galleryCount: number;
}

const fileKey = (file: File) => `${file.name}:${file.size}:${file.lastModified}`;

/** The browser's own copy of a chosen picture, let go once it is no longer shown. */
function usePreview(file: File | null): string | null {
  const url = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => void (url && URL.revokeObjectURL(url)), [url]);
  return url;
}

/** Step 6: the featured image and gallery files to upload, the virtual tour and social pages. */
export function MediaStep({
  form,
  pending,
  onPending,
  existing,
}: {
  form: VenueForm;
  pending: PendingMedia;
  onPending(pending: PendingMedia): void;
  existing: ExistingMedia | null;
}) {
  const [featuredError, setFeaturedError] = useState<string | null>(null);
  const [galleryErrors, setGalleryErrors] = useState<string[]>([]);
  const preview = usePreview(pending.featured);
  const shown = preview ?? existing?.featuredImageUrl ?? null;

  const chooseFeatured = (file: File | null) => {
    const problem = file && featuredImageProblem(file);
    setFeaturedError(problem || null);
    onPending({ ...pending, featured: problem ? null : file });
  };
  // Files picked again are added to those already chosen (once each); clearing the input empties the list.
  const chooseGallery = (files: File[]) => {
    const refused = files.flatMap((file) => {
      const problem = galleryFileProblem(file);
      return problem ? [`${file.name}: ${problem}`] : [];
    });
    setGalleryErrors(refused);
    if (files.length === 0) {
      onPending({ ...pending, gallery: [] });
      return;
    }
    const chosen = new Map(pending.gallery.map((file) => [fileKey(file), file]));
    for (const file of files) if (!galleryFileProblem(file)) chosen.set(fileKey(file), file);
    onPending({ ...pending, gallery: [...chosen.values()] });
  };
  const link = (field: VenueField, label: string) => (
    <TextInput size="sm" label={label} type="url" placeholder="https://" {...form.getInputProps(field)} />
  );

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        Files chosen here are uploaded once the venue is saved.
        {existing && (
          <>
            {' '}
            To remove pictures or videos the venue already has, use its{' '}
            <Anchor
              component={Link}
              to={`${paths.admin.venue.href(existing.venueId)}?tab=media`}
              size="sm"
              underline="always"
            >
              media page
            </Anchor>
            .
          </>
        )}
      </Text>
      <Fieldset legend="Featured image" variant="filled">
        <Group align="flex-start" gap="md" wrap="wrap">
          {shown && (
            <Image
              src={shown}
              alt={preview ? 'Chosen featured image' : 'Current featured image'}
              w={160}
              h={100}
              radius="sm"
              fit="cover"
            />
          )}
          <FileInput
            flex={1}
            miw={220}
            label={existing?.featuredImageUrl ? 'Replace featured image' : 'Featured image'}
            description={FEATURED_IMAGE_HINT}
            accept={IMAGE_ACCEPT}
            clearable
            clearButtonProps={{ 'aria-label': 'Clear the featured image' }}
            leftSection={<IconPhoto size={16} aria-hidden />}
            value={pending.featured}
            onChange={chooseFeatured}
            error={featuredError}
          />
        </Group>
      </Fieldset>
      <Fieldset legend="Gallery" variant="filled">
        <Stack gap="xs">
          <FileInput
            label="Add photos and videos"
            description={`${GALLERY_HINT}${existing ? ` The gallery has ${existing.galleryCount} now.` : ''}`}
            accept={MEDIA_ACCEPT}
            multiple
            clearable
            clearButtonProps={{ 'aria-label': 'Clear the chosen gallery files' }}
            value={pending.gallery}
            onChange={chooseGallery}
            error={galleryErrors.length ? galleryErrors.join(' ') : null}
          />
          {pending.gallery.length > 0 && (
            <Stack
              gap={4}
              component="ul"
              aria-label="Files to upload"
              p={0}
              m={0}
              style={{ listStyle: 'none' }}
            >
              {pending.gallery.map((file) => (
                <Group component="li" key={fileKey(file)} gap="xs" wrap="nowrap">
                  {file.type.startsWith('video/') ? (
                    <IconVideo size={16} aria-hidden />
                  ) : (
                    <IconPhoto size={16} aria-hidden />
                  )}
                  <Text size="sm" flex={1} truncate>
                    {file.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {fileSize(file.size)}
                  </Text>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    size="sm"
                    aria-label={`Remove ${file.name}`}
                    onClick={() =>
                      onPending({ ...pending, gallery: pending.gallery.filter((other) => other !== file) })
                    }
                  >
                    <IconX size={14} aria-hidden />
                  </ActionIcon>
                </Group>
              ))}
            </Stack>
          )}
        </Stack>
      </Fieldset>
      <Fieldset legend="Links" variant="filled">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {link('virtual_tour_url', 'Virtual tour')}
          {link('facebook_url', 'Facebook')}
          {link('instagram_url', 'Instagram')}
          {link('twitter_url', 'X (Twitter)')}
          {link('youtube_url', 'YouTube')}
        </SimpleGrid>
      </Fieldset>
    </Stack>
  );
}
