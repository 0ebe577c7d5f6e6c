import { currentUser, type HttpApp } from '@linksmate/platform';
import {
  ApiErrorSchema,
  HandicapReply,
  IdParams,
  ImportRoundsBody,
  ImportRoundsReply,
  PartnerSearchQuery,
  PartnerSearchReply,
  RecordRoundBody,
  RoundDecisionReply,
  RoundReply,
  RoundsQuery,
  RoundsReply,
  RoundsToConfirmReply,
} from '@linksmate/proto';
import Type from 'typebox';
import type { RoundsService } from './service';

const tags = ['rounds'];
/** Any signed-in person keeps their own rounds and handicap (docs/product.md#rounds): no membership needed. */
const config = { access: 'user' as const };
const notFound = { 400: ApiErrorSchema, 404: ApiErrorSchema };

/** Rounds and the handicap index (docs/product.md#rounds): a person's own, and the copies they confirm. */
export function registerRoundRoutes(app: HttpApp, rounds: RoundsService): void {
  app.post(
    '/rounds',
    {
      // A retried request (a phone's flaky network, a second tap) with the same Idempotency-Key
      // records the round once and gets the same answer.
      config: { ...config, idempotent: true },
      schema: {
        tags,
        body: RecordRoundBody,
        response: { 201: RoundReply, 400: ApiErrorSchema, 422: ApiErrorSchema, 502: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const round = await rounds.recordRound(currentUser(request).user_id, request.body, request.id);
      reply.status(201);
      return { round };
    },
  );

  app.get(
    '/rounds',
    {
      config,
      schema: { tags, querystring: RoundsQuery, response: { 200: RoundsReply, 400: ApiErrorSchema } },
    },
    async (request) => rounds.reads.list(currentUser(request).user_id, request.query),
  );

  app.get(
    '/rounds/to-confirm',
    { config, schema: { tags, response: { 200: RoundsToConfirmReply } } },
    async (request) => rounds.reads.toConfirm(currentUser(request).user_id),
  );

  app.get(
    '/rounds/handicap',
    { config, schema: { tags, response: { 200: HandicapReply } } },
    async (request) => rounds.reads.handicap(currentUser(request).user_id),
  );

  app.get(
    '/rounds/partners',
    {
      config,
      schema: {
        tags,
        querystring: PartnerSearchQuery,
        response: { 200: PartnerSearchReply, 400: ApiErrorSchema },
      },
    },
    async (request) => rounds.reads.partners(currentUser(request).user_id, request.query),
  );

  app.get(
    '/rounds/:id',
    { config, schema: { tags, params: IdParams, response: { 200: RoundReply, ...notFound } } },
    async (request) => ({ round: await rounds.reads.round(currentUser(request).user_id, request.params.id) }),
  );

  app.post(
    '/rounds/:id/confirm',
    {
      config,
      schema: {
        tags,
        params: IdParams,
        response: { 200: RoundDecisionReply, ...notFound, 409: ApiErrorSchema },
      },
    },
    async (request) => rounds.confirm(currentUser(request).user_id, request.params.id),
  );

  /** Between services only: the demo's season of rounds. */
  app.post(
    '/internal/rounds/import',
    {
      config: { access: 'service' },
      schema: {
        body: ImportRoundsBody,
        response: { 201: ImportRoundsReply, 422: ApiErrorSchema, 502: ApiErrorSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await rounds.importRounds(request.body, request.id)),
  );

  app.post(
    '/rounds/:id/reject',
    {
      config,
      schema: { tags, params: IdParams, response: { 204: Type.Null(), ...notFound, 409: ApiErrorSchema } },
    },
    async (request, reply) => {
      await rounds.reject(currentUser(request).user_id, request.params.id);
      return reply.status(204).send(null);
    },
  );
}
