import {
  IMAGE_MIME_TYPES,
  PROFILE_IMAGE_ASPECT,
  UPLOAD_LIMITS,
  UPLOAD_MESSAGES,
} from '@linksmate/proto/rules';
import { Alert, Avatar, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconPhotoUp, IconTrash } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { initialsOf } from '../../../lib/text';
import { useUploadProfileImage } from '../api/upload-profile-image';

/** The picture's width and height, or null when the browser cannot read it as an image. */
function readDimensions(url: string): Promise<{ width: number; height: number } | null> {
  return new Promise((resolve) => {
    const image = new Image();
    image.onload = () => resolve({ width: image.naturalWidth, height: image.naturalHeight });
    image.onerror = () => resolve(null);
    image.src = url;
  });
}

/** docs/product.md#account-screens: a picture much wider or taller than square may be cropped. */
function aspectWarning({ width, height }: { width: number; height: number }): string | null {
  const ratio = width / height;
  if (ratio < PROFILE_IMAGE_ASPECT.min)
    return 'This image is quite tall, so it may be cropped. A square photo works best.';
  if (ratio > PROFILE_IMAGE_ASPECT.max)
    return 'This image is quite wide, so it may be cropped. A square photo works best.';
  return null;
}

const uploadFailure = (error: unknown) =>
  // The server's own message when it gave one (a refused type or size), else the spec's.
  error instanceof ApiError && !error.message.startsWith('API error') ? error.message : 'Upload failed';

/**
 * The profile picture with its preview (docs/product.md#account-screens, #account-validation): the file is checked here first (type,
 * 5 MB, readable, aspect), then uploaded at once; the form keeps the URL and saves it with the rest.
 */
export function ProfileImageUploader({
  id,
  value,
  name,
  error,
  onChange,
  onUploadingChange,
}: {
  id: string;
  value: string | null;
  name: string;
  error?: string;
  onChange(url: string | null): void;
  onUploadingChange(uploading: boolean): void;
}) {
  const upload = useUploadProfileImage();
  const [preview, setPreview] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [warning, setWarning] = useState<string | null>(null);
  const resetFile = useRef<() => void>(null);

  // A local preview is the browser's own copy of the file; it is let go once replaced or gone.
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);
  useEffect(() => onUploadingChange(upload.isPending), [upload.isPending, onUploadingChange]);

  const choose = async (file: File | null) => {
    resetFile.current?.();
    if (!file) return;
    setProblem(null);
    setWarning(null);
    if (!(IMAGE_MIME_TYPES as readonly string[]).includes(file.type)) {
      setProblem(UPLOAD_MESSAGES.invalidImageSelection);
      return;
    }
    if (file.size > UPLOAD_LIMITS.profileImageBytes) {
      setProblem(UPLOAD_MESSAGES.profileImageTooLarge);
      return;
    }
    const local = URL.createObjectURL(file);
    const dimensions = await readDimensions(local);
    if (!dimensions) {
      URL.revokeObjectURL(local);
      setProblem(UPLOAD_MESSAGES.unreadableImage);
      return;
    }
    setWarning(aspectWarning(dimensions));
    setPreview(local);
    upload.mutate(file, {
      onSuccess: (reply) => onChange(reply.url),
      onError: (failure) => {
        setPreview(null);
        setProblem(uploadFailure(failure));
      },
    });
  };

  const remove = () => {
    setPreview(null);
    setProblem(null);
    setWarning(null);
    onChange(null);
  };

  const shown = preview ?? value;
  const message = problem ?? error;
  return (
    <Stack gap="xs">
      <Group gap="lg" wrap="nowrap" align="center">
        <Avatar
          src={shown}
          size={96}
          radius={48}
          color="fairway"
          alt={shown ? `Profile photo preview of ${name}` : undefined}
          data-testid="profile-image-preview"
          style={{ opacity: upload.isPending ? 0.6 : 1 }}
        >
          {initialsOf(name)}
        </Avatar>
        <Stack gap={6}>
          <Text fw={500} size="sm" component="label" htmlFor={id}>
            Profile photo
          </Text>
          <Group gap="xs">
            <FileButton onChange={choose} accept={IMAGE_MIME_TYPES.join(',')} resetRef={resetFile}>
              {(props) => (
                <Button
                  {...props}
                  id={id}
                  variant="light"
                  size="sm"
                  leftSection={<IconPhotoUp size={16} aria-hidden />}
                  loading={upload.isPending}
                  aria-describedby={`${id}-hint`}
                  aria-invalid={message ? true : undefined}
                >
                  {shown ? 'Change photo' : 'Upload photo'}
                </Button>
              )}
            </FileButton>
            {shown && !upload.isPending && (
              <Button
                variant="subtle"
                color="red"
                size="sm"
                leftSection={<IconTrash size={16} aria-hidden />}
                onClick={remove}
              >
                Remove photo
              </Button>
            )}
          </Group>
          <Text size="xs" c="dimmed" id={`${id}-hint`}>
            JPEG, PNG, GIF or WebP, up to 5 MB. A square photo works best.
          </Text>
        </Stack>
      </Group>
      {message && (
        <Text size="sm" c="red.9" role="alert">
          {message}
        </Text>
      )}
      {warning && !message && (
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} p="xs">
          <Text size="sm" c="dark.7">
            {warning}
          </Text>
        </Alert>
      )}
    </Stack>
  );
}
