import multipart from '@fastify/multipart';
import { badRequest, currentUser, type HttpApp, HttpError } from '@linksmate/platform';
import { ApiErrorSchema, UPLOAD_LIMITS, UPLOAD_MESSAGES, UploadReply } from '@linksmate/proto';
import type { FastifyRequest } from 'fastify';
import type { ProfileImages } from './service';

const PROFILE_IMAGE_SIZE = '5MB';
const noImage = () =>
  badRequest(UPLOAD_MESSAGES.invalidImageSelection, 'image_required', {
    image: UPLOAD_MESSAGES.invalidImageSelection,
  });
const tooLarge = () =>
  new HttpError(413, UPLOAD_MESSAGES.tooLarge(PROFILE_IMAGE_SIZE), 'file_too_large', {
    image: UPLOAD_MESSAGES.tooLarge(PROFILE_IMAGE_SIZE),
  });

/**
 * The bytes of the multipart field `image`, read up to the limit. The client's file name and
 * content type are not looked at: the bytes decide what the file is.
 */
async function imageBytes(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw noImage();
  try {
    const part = await request.file();
    if (part?.fieldname !== 'image') {
      part?.file.resume();
      throw noImage();
    }
    return await part.toBuffer();
  } catch (err) {
    if (err instanceof HttpError) throw err;
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    // A body that is not well-formed multipart, or more parts than a picture needs.
    throw noImage();
  }
}

export async function registerImageRoutes(app: HttpApp, images: ProfileImages): Promise<void> {
  await app.register(async (scope) => {
    // Only here: the rest of the service takes JSON alone.
    await scope.register(multipart, {
      limits: {
        fileSize: UPLOAD_LIMITS.profileImageBytes,
        files: 1,
        fields: 10,
        fieldSize: 1024,
        parts: 11,
        headerPairs: 50,
      },
    });
    scope.post(
      '/upload/profile-image',
      {
        config: { access: 'user' },
        schema: {
          tags: ['uploads'],
          description:
            'multipart/form-data with the picture in the field `image` (JPEG, PNG, GIF or WebP, at most 5 MB). ' +
            'It is stored re-encoded, pending until `PUT /profile` takes its `url` as `profile_image_url`.',
          consumes: ['multipart/form-data'],
          response: {
            200: UploadReply,
            400: ApiErrorSchema,
            413: ApiErrorSchema,
            415: ApiErrorSchema,
            422: ApiErrorSchema,
            503: ApiErrorSchema,
          },
        },
      },
      async (request) => images.upload(currentUser(request).user_id, await imageBytes(request)),
    );
  });
}
