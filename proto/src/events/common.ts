import Type from 'typebox';

export const Id = Type.Integer({ minimum: 1 });
export const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  Type.Union([schema, Type.Null()]);
export const Timestamp = Type.String({ format: 'date-time' });
export const NullableTimestamp = Nullable(Timestamp);
export const NullableString = Nullable(Type.String());
export const Cents = Type.Integer();
/** Monotonic version of the aggregate, so projections never roll back (ARCHITECTURE.md §Events). */
export const AggregateVersion = Type.Integer({ minimum: 1 });
