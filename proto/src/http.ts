import Type from 'typebox';

/** The API error shape (ARCHITECTURE.md §API conventions). */
export const ApiErrorSchema = Type.Object({
  error: Type.String(),
  code: Type.Optional(Type.String()),
  errors: Type.Optional(Type.Record(Type.String(), Type.String())),
  membership_required: Type.Optional(Type.Boolean()),
  redirect_url: Type.Optional(Type.String()),
});
export type ApiError = Type.Static<typeof ApiErrorSchema>;

export const PUBLIC_API_PREFIX = '/api/v1';
export const LEGACY_API_PREFIX = '/v1';
