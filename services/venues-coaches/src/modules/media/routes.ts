import multipart from '@fastify/multipart';
import { currentUser, type HttpApp, requestMeta } from '@linksmate/platform';
import { handledUpload, incomingUpload, multipartLimits } from '@linksmate/platform/media';
import {
  ApiErrorSchema,
  IdParams,
  UPLOAD_LIMITS,
  VenueGalleryReply,
  VenueMediaDeletedReply,
  VenuePhotoReply,
} from '@linksmate/proto';
import type { VenueMediaService } from './service';

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
        handledUpload(await incomingUpload(request, UPLOAD_LIMITS.venuePhotoBytes), (upload) =>
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
        handledUpload(await incomingUpload(request, UPLOAD_LIMITS.venueVideoBytes), (upload) =>
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
