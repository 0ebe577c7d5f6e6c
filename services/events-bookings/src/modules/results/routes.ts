import { currentUser, type HttpApp, requestMeta } from '@linksmate/platform';
import {
  ApiErrorSchema,
  IdParams,
  OpenScoringBody,
  RecordResultRoundReply,
  ResultsReply,
  ScoreCardBody,
  ScoreCardParams,
} from '@linksmate/proto';
import type { ResultsService } from './service';

const tags = ['results'];
const errors = {
  400: ApiErrorSchema,
  403: ApiErrorSchema,
  404: ApiErrorSchema,
  409: ApiErrorSchema,
  422: ApiErrorSchema,
};

/** Game results (docs/product.md#results): the organiser's scoring, the players' cards, the ranked results. */
export function registerResultRoutes(app: HttpApp, results: ResultsService): void {
  app.get(
    '/events/:id/results',
    {
      config: { access: 'user' },
      schema: { tags, params: IdParams, response: { 200: ResultsReply, ...errors } },
    },
    async (request) => results.view(currentUser(request), request.params.id),
  );

  app.post(
    '/events/:id/scoring',
    {
      config: { access: 'user' },
      schema: { tags, params: IdParams, body: OpenScoringBody, response: { 201: ResultsReply, ...errors } },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await results.open(currentUser(request), request.params.id, request.body, requestMeta(request)),
        ),
  );

  app.put(
    '/events/:id/scoring/cards/:userId',
    {
      config: { access: 'user' },
      schema: {
        tags,
        params: ScoreCardParams,
        body: ScoreCardBody,
        response: { 200: ResultsReply, ...errors },
      },
    },
    async (request) =>
      results.saveCard(currentUser(request), request.params.id, request.params.userId, request.body),
  );

  app.post(
    '/events/:id/scoring/close',
    {
      config: { access: 'user' },
      schema: { tags, params: IdParams, response: { 200: ResultsReply, ...errors } },
    },
    async (request) => results.close(currentUser(request), request.params.id, requestMeta(request)),
  );

  app.post(
    '/events/:id/results/round',
    {
      config: { access: 'user' },
      schema: { tags, params: IdParams, response: { 201: RecordResultRoundReply, ...errors } },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await results.recordRound(currentUser(request), request.params.id, requestMeta(request))),
  );
}
