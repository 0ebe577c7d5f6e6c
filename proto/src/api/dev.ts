import Type from 'typebox';

/** The development mailbox (embedded run only): what the local SMTP catcher received, newest first. */
export const MailboxReply = Type.Object({
  messages: Type.Array(
    Type.Object({
      id: Type.String(),
      to: Type.String(),
      subject: Type.String(),
      sent_at: Type.String(),
      text: Type.String(),
      links: Type.Array(Type.String()),
    }),
  ),
});
export type MailboxReply = Type.Static<typeof MailboxReply>;
export type CaughtMailSummary = MailboxReply['messages'][number];

/**
 * The embedded run's live figures (`GET /api/v1/dev/metrics`, embedded run only): what its metrics
 * say over the last minute (or since it started), per service and for the whole run.
 */
export const LiveFiguresReply = Type.Object({
  /** The seconds the rates and p99s cover. */
  window_seconds: Type.Number(),
  services: Type.Array(
    Type.Object({
      service: Type.String(),
      requests_per_second: Type.Number(),
      /** Null when no request was answered in the window. */
      p99_ms: Type.Union([Type.Number(), Type.Null()]),
      server_errors: Type.Integer(),
      outbox_backlog: Type.Union([Type.Integer(), Type.Null()]),
      outbox_oldest_age_seconds: Type.Union([Type.Number(), Type.Null()]),
      db_connections_in_use: Type.Union([Type.Integer(), Type.Null()]),
      db_requests_waiting: Type.Union([Type.Integer(), Type.Null()]),
    }),
  ),
  events_consumed_per_second: Type.Number(),
  events_retried: Type.Integer(),
  dead_letters: Type.Integer(),
  sockets: Type.Integer(),
  pushes_per_second: Type.Number(),
  event_loop_lag_p99_ms: Type.Union([Type.Number(), Type.Null()]),
});
export type LiveFiguresReply = Type.Static<typeof LiveFiguresReply>;
