import multipart from '@fastify/multipart';
import { currentUser, type HttpApp, requestMeta } from '@linksmate/platform';
import {
  ApiErrorSchema,
  IdParams,
  UPLOAD_LIMITS,
  VenueGalleryReply,
  VenueMediaDeletedReply,
  VenuePhotoReply,
} from '@linksmate/proto';
import type { FastifyRequest } from 'fastify';
import type { IncomingUpload, VenueMediaService } from './service';

/**
 * The multipart parser's own limits: one file, a few short fields, and the file cut one byte past
 * the largest upload there is (the service holds each kind to its own limit as it streams in).
 */
const multipartLimits = (largestFile: number) => ({
  fileSize: largestFile + 1,
  files: 1,
  fields: 5,
  fieldSize: 64,
  parts: 6,
  headerPairs: 50,
});

/**
 * Reads a multipart body up to its first file: the fields before it, and the file itself unread,
 * so the service can refuse a caller before a byte of it is stored.
 */
async function incomingUpload(request: FastifyRequest, largestFile: number): Promise<IncomingUpload> {
  // No prototype: a field named like an Object method is just a field.
  const fields: Record<string, string> = Object.create(null);
  if (!request.isMultipart()) return { fields, file: null };
  try {
    // Inside: a multipart type without a boundary already fails here.
    const parts = request.parts({ limits: multipartLimits(largestFile) });
    for (;;) {
      const next = await parts.next();
      if (next.done) return { fields, file: null };
      const part = next.value;
      if (part.type === 'file') return { fields, file: { field: part.fieldname, stream: part.file } };
      if (typeof part.value === 'string' && !part.valueTruncated) fields[part.fieldname] ??= part.value;
    }
  } catch {
    // Not well-formed multipart, or past a limit before any file: the fields so far, and no file.
    return { fields, file: null };
  }
}

/** Whatever is left of a file nobody read is read and thrown away, so the request ends cleanly. */
async function handled<T>(upload: IncomingUpload, work: (upload: IncomingUpload) => Promise<T>): Promise<T> {
  try {
    return await work(upload);
  } finally {
    const stream = upload.file?.stream;
    if (stream && !stream.readableEnded && !stream.destroyed) stream.resume();
  }
}

const uploadAnswers = {
  400: ApiErrorSchema,
  403: ApiErrorSchema,
  404: ApiErrorSchema,
  413: ApiErrorSchema,
  415: ApiErrorSchema,
  422: ApiErrorSchema,
  503: ApiErrorSchema,
};

export async function registerMediaRoutes(app: HttpApp, media: VenueMediaService): Promise<void> {
  await app.register(async (scope) => {
    // Only here: the rest of the service takes JSON alone.
    await scope.register(multipart, { limits: multipartLimits(UPLOAD_LIMITS.venueVideoBytes) });

    scope.post(
      '/upload/venue-photo',
      {
        config: { access: 'user' },
        schema: {
          tags: ['venue media'],
          description:
            'multipart/form-data: the field `venue_id`, then the picture in the field `image` (JPEG, PNG, GIF ' +
            'or WebP by its content, at most 10 MB). It is stored re-encoded as WebP and becomes the ' +
            "venue's featured image; the one it replaces is deleted. Admins and site admins for any " +
            'venue, others for the venues they run.',
          consumes: ['multipart/form-data'],
          response: { 200: VenuePhotoReply, ...uploadAnswers },
        },
      },
      async (request) =>
        handled(await incomingUpload(request, UPLOAD_LIMITS.venuePhotoBytes), (upload) =>
          media.uploadPhoto(currentUser(request), upload, requestMeta(request)),
        ),
    );

    scope.post(
      '/upload/venue-gallery',
      {
        config: { access: 'user' },
        schema: {
          tags: ['venue media'],
          description:
            'multipart/form-data: the field `venue_id`, then the file in the field `media`: a picture ' +
            '(JPEG, PNG, GIF or WebP, at most 10 MB; stored re-encoded as WebP) or a video (MP4, MOV, AVI, ' +
            'WebM or 3GP, at most 100 MB; stored as uploaded once it decodes, with a JPEG thumbnail at ' +
            '`…/thumbnails/<name>.jpg`). The type is read from the content. It goes at the end of the gallery.',
          consumes: ['multipart/form-data'],
          response: { 200: VenueGalleryReply, ...uploadAnswers },
        },
      },
      async (request) =>
        handled(await incomingUpload(request, UPLOAD_LIMITS.venueVideoBytes), (upload) =>
          media.uploadGalleryItem(currentUser(request), upload, requestMeta(request)),
        ),
    );
  });

  app.delete(
    '/upload/venue-image/:id',
    {
      config: { access: 'user' },
      schema: {
        tags: ['venue media'],
        description: 'Removes gallery item `id` (its file and thumbnail); the items after it move up.',
        params: IdParams,
        response: { 200: VenueMediaDeletedReply, 403: ApiErrorSchema, 404: ApiErrorSchema },
      },
    },
    async (request) => media.removeGalleryItem(currentUser(request), request.params.id, requestMeta(request)),
  );

  app.delete(
    '/upload/venue-photo/:id',
    {
      config: { access: 'user' },
      schema: {
        tags: ['venue media'],
        description: 'Removes the featured image of venue `id` (and its file).',
        params: IdParams,
        response: { 200: VenueMediaDeletedReply, 403: ApiErrorSchema, 404: ApiErrorSchema },
      },
    },
    async (request) => media.removePhoto(currentUser(request), request.params.id, requestMeta(request)),
  );
}
