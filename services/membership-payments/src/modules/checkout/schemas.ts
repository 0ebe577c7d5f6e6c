import { ApiErrorSchema, MembershipResponseSchema, Nullable, PlanSchema } from '@linksmate/proto';
import Type from 'typebox';

export const ErrorReply = ApiErrorSchema;

export const PlansReply = Type.Object({ plans: Type.Array(PlanSchema) });

export const PaymentsConfigReply = Type.Object({
  publishable_key: Type.String(),
  /** The browser confirms cards against the simulator at this path; null with real Stripe. */
  simulator_path: Nullable(Type.String()),
});

export const SubscriptionStatusReply = Type.Object({
  status: Nullable(Type.String()),
  plan_id: Nullable(Type.String()),
});

export const CreateSubscriptionBody = Type.Object({
  plan_id: Type.String({ minLength: 1, description: 'The provider price id (or the plan id)' }),
  trial_days: Type.Optional(Type.Integer({ minimum: 0, maximum: 365 })),
});
export const CreateSubscriptionReply = Type.Object({
  status: Type.String(),
  subscription_id: Type.String(),
  client_secret: Nullable(Type.String()),
  intent_type: Type.Union([Type.Literal('setup'), Type.Literal('payment')]),
  plan_id: Type.String(),
  trial_days: Type.Integer(),
  amount: Type.Integer(),
  gst_amount: Type.Integer(),
  currency: Type.String(),
});

/** Spec 1 §7's payload. `amount` and `currency` are accepted and ignored: prices are the server's. */
export const CreatePaymentIntentBody = Type.Object({
  amount: Type.Optional(Type.Number()),
  currency: Type.Optional(Type.String()),
  item_id: Type.Optional(Type.Union([Type.String(), Type.Number()])),
  event_id: Type.Optional(Type.Integer({ minimum: 0, default: 0 })),
  description: Type.Optional(Type.String({ maxLength: 500 })),
  plan_id: Type.Optional(Type.String()),
});
export const CreatePaymentIntentReply = Type.Object({
  client_secret: Type.String(),
  payment_intent_id: Type.String(),
  amount: Type.Integer(),
  gst_amount: Type.Integer(),
  currency: Type.String(),
});

export const ConfirmPaymentBody = Type.Object({
  payment_intent_id: Type.Optional(Type.String({ minLength: 3 })),
  setup_intent_id: Type.Optional(Type.String({ minLength: 3 })),
  subscription_id: Type.Optional(Type.String({ minLength: 3 })),
  event_id: Type.Optional(Type.Integer({ minimum: 0 })),
});

export const MembershipSnapshotSchema = MembershipResponseSchema;
export const ConfirmPaymentReply = Type.Object({
  status: Type.String(),
  membership: MembershipSnapshotSchema,
});
export const CancelReply = Type.Object({ membership: MembershipSnapshotSchema });
