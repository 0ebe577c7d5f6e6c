/** Upload sizes, types and messages (docs/product.md#account-validation, #account-limits; docs/product.md#community-validation; docs/product.md#admin-validation). */

const MB = 1024 * 1024;
export const UPLOAD_LIMITS = {
  profileImageBytes: 5 * MB,
  messageImageBytes: 5 * MB,
  messageVideoBytes: 100 * MB,
  venuePhotoBytes: 10 * MB,
  venueVideoBytes: 100 * MB,
} as const;
export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/jpg', 'image/png', 'image/gif', 'image/webp'] as const;
export const VIDEO_MIME_TYPES = [
  'video/mp4',
  'video/quicktime',
  'video/x-msvideo',
  'video/avi',
  'video/webm',
  'video/3gpp',
] as const;
export const UPLOAD_MESSAGES = {
  invalidImageSelection: 'Please select a valid image file (JPEG, PNG, GIF, or WebP)',
  profileImageTooLarge: 'File size must be less than 5MB',
  unreadableImage: 'Unable to read image file. Please try a different image.',
  invalidImageType: 'Invalid file type. Only JPEG, PNG, GIF, and WebP images are allowed.',
  invalidMediaType:
    'Invalid file type. Only images (JPEG, PNG, GIF, WebP) and videos (MP4, MOV, AVI, WebM, 3GP) are allowed.',
  tooLarge: (size: string) => `File too large. Maximum size is ${size}.`,
} as const;
/** Aspect ratios outside this range warn that the profile image may be cropped. */
export const PROFILE_IMAGE_ASPECT = { min: 0.8, max: 1.25 } as const;
