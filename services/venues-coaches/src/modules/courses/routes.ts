import { currentUser, type HttpApp } from '@linksmate/platform';
import {
  ADMIN_SECTION_ROLES,
  ApiErrorSchema,
  CourseBody,
  CourseReply,
  CoursesReply,
  IdParams,
  ImportCoursesBody,
  ImportCoursesReply,
  InternalTeeReply,
  MessageReply,
  VenueCourseParams,
} from '@linksmate/proto';
import type { CoursesService } from './service';

const tags = ['venue courses'];
/** Site admins for any venue, facility admins for the venues they run (the service checks which). */
const keepers = { access: { roles: ADMIN_SECTION_ROLES.venues } };
const refusals = { 403: ApiErrorSchema, 404: ApiErrorSchema, 422: ApiErrorSchema };

/** docs/product.md#courses: a venue's courses, tees and holes. */
export function registerCourseRoutes(app: HttpApp, courses: CoursesService): void {
  app.get(
    '/venues/:id/courses',
    { schema: { tags, params: IdParams, response: { 200: CoursesReply, 404: ApiErrorSchema } } },
    async (request) => courses.listed(request.params.id),
  );

  app.get(
    '/admin/venues/:id/courses',
    { config: keepers, schema: { tags, params: IdParams, response: { 200: CoursesReply, ...refusals } } },
    async (request) => courses.list(currentUser(request), request.params.id),
  );
  app.post(
    '/admin/venues/:id/courses',
    {
      config: keepers,
      schema: { tags, params: IdParams, body: CourseBody, response: { 201: CourseReply, ...refusals } },
    },
    async (request, reply) =>
      reply.status(201).send(await courses.create(currentUser(request), request.params.id, request.body)),
  );
  app.put(
    '/admin/venues/:id/courses/:courseId',
    {
      config: keepers,
      schema: {
        tags,
        description:
          'Saves the course whole: tees sent with their id are changed, tees without are added, tees not sent are removed.',
        params: VenueCourseParams,
        body: CourseBody,
        response: { 200: CourseReply, ...refusals },
      },
    },
    async (request) =>
      courses.update(currentUser(request), request.params.id, request.params.courseId, request.body),
  );
  app.delete(
    '/admin/venues/:id/courses/:courseId',
    {
      config: keepers,
      schema: { tags, params: VenueCourseParams, response: { 200: MessageReply, ...refusals } },
    },
    async (request) => courses.remove(currentUser(request), request.params.id, request.params.courseId),
  );

  /** Calls between services only: the demo's typical courses, and a round's tee. */
  app.post(
    '/internal/venues/courses',
    {
      config: { access: 'service' },
      schema: { body: ImportCoursesBody, response: { 201: ImportCoursesReply, 422: ApiErrorSchema } },
    },
    async (request, reply) => reply.status(201).send(await courses.importTypical(request.body)),
  );
  app.get(
    '/internal/tees/:id',
    {
      config: { access: 'service' },
      schema: { params: IdParams, response: { 200: InternalTeeReply, 404: ApiErrorSchema } },
    },
    async (request) => courses.tee(request.params.id),
  );
}
