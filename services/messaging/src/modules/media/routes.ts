import multipart from '@fastify/multipart';
import type { HttpApp } from '@linksmate/platform';
import { handledUpload, incomingUpload, multipartLimits } from '@linksmate/platform/media';
import { ApiErrorSchema, MessageMediaReply, UPLOAD_LIMITS } from '@linksmate/proto';
import type { MessageMediaService } from './service';

export async function registerMediaRoutes(app: HttpApp, media: MessageMediaService): Promise<void> {
  await app.register(async (scope) => {
    // Only here: the rest of the service takes JSON alone.
    await scope.register(multipart, { limits: multipartLimits(UPLOAD_LIMITS.messageVideoBytes) });
    scope.post(
      '/upload/message-media',
      {
        config: { access: 'member' },
        schema: {
          tags: ['messages'],
          description:
            'multipart/form-data with the file in the field `media`: a picture (JPEG, PNG, GIF or WebP, at most ' +
            '5 MB; stored re-encoded as WebP) or a video (MP4, MOV, AVI, WebM or 3GP, at most 100 MB; stored as ' +
            'uploaded once it decodes, with a JPEG poster). The type is read from the content.',
          consumes: ['multipart/form-data'],
          response: {
            201: MessageMediaReply,
            400: ApiErrorSchema,
            413: ApiErrorSchema,
            415: ApiErrorSchema,
            422: ApiErrorSchema,
            503: ApiErrorSchema,
          },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(
            await handledUpload(await incomingUpload(request, UPLOAD_LIMITS.messageVideoBytes), (u) =>
              media.upload(u),
            ),
          ),
    );
  });
}
