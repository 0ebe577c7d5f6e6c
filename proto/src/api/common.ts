import Type from 'typebox';
import { MAX_LIST_LIMIT } from '../rules';
import { IdParam, Int } from '../schema';

/** The API error shape (docs/architecture.md#api-conventions). */
export const ApiErrorSchema = Type.Object({
  error: Type.String(),
  code: Type.Optional(Type.String()),
  errors: Type.Optional(Type.Record(Type.String(), Type.String())),
  membership_required: Type.Optional(Type.Boolean()),
  redirect_url: Type.Optional(Type.String()),
  /** With a 429 that a wait ends: the whole seconds until asking again can succeed. */
  retry_after: Type.Optional(Int({ minimum: 1 })),
});
export type ApiError = Type.Static<typeof ApiErrorSchema>;

/** `{ message }`: the answer of the calls the spec describes as "message or error". */
export const MessageReply = Type.Object({ message: Type.String() });
export type MessageReply = Type.Static<typeof MessageReply>;

/** `limit` of a list, the spec's page size by default. */
export const Limit = (defaultSize: number, maximum: number = MAX_LIST_LIMIT) =>
  Int({ minimum: 1, maximum, default: defaultSize });
export const Offset = Int({ minimum: 0, default: 0 });
/** `page` of a list paged by page number, from 1. */
export const Page = Int({ minimum: 1, default: 1 });

/** `/{id}` path parameters. */
export const IdParams = Type.Object({ id: IdParam });
