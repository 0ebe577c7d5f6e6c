import { currentUser, type HttpApp, requireAuth } from '@linksmate/platform';
import { ApiErrorSchema, Nullable } from '@linksmate/proto';
import Type from 'typebox';
import type { Db } from '../users/repository';
import { listGolfers } from './repository';

const GolfersQuery = Type.Object({
  page: Type.Integer({ minimum: 1, default: 1 }),
  limit: Type.Integer({ minimum: 1, maximum: 50, default: 10 }),
});

const GolfersReply = Type.Object({
  users: Type.Array(
    Type.Object({
      id: Type.Integer(),
      username: Type.String(),
      first_name: Nullable(Type.String()),
      last_name: Nullable(Type.String()),
      profile_image_url: Nullable(Type.String()),
      skill_level: Nullable(Type.String()),
      manual_handicap: Nullable(Type.Number()),
      availability_status: Type.String(),
    }),
  ),
  page: Type.Integer(),
  limit: Type.Integer(),
  total: Type.Integer(),
});

/** `GET /golfers`: the home page's featured golfers (spec 1 §2.3). */
export function registerDirectoryRoutes(app: HttpApp, db: Db): void {
  app.get(
    '/golfers',
    {
      preHandler: requireAuth,
      schema: {
        tags: ['directory'],
        security: [{ bearerAuth: [] }],
        querystring: GolfersQuery,
        response: { 200: GolfersReply, 401: ApiErrorSchema },
      },
    },
    async (request) => {
      const { page, limit } = request.query;
      const { rows, total } = await listGolfers(db, currentUser(request).user_id, limit, (page - 1) * limit);
      return { users: rows, page, limit, total };
    },
  );
}
