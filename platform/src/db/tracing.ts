import { context, trace } from '@opentelemetry/api';
import pg from 'pg';
import { endSpan, SpanKind, startSpan, tracingEnabled } from '../tracing';

const MAX_QUERY_TEXT = 2_000;
let instrumented = false;

type QueryArgs = unknown[];

/**
 * A client span for each statement run inside a traced piece of work (a request, a consumer's
 * handling), once tracing is on: `SELECT identity`, with the statement's text (drizzle's are
 * parameterised: no values) and the server. Statements outside any span (the relay's sweeps, jobs)
 * make no trace of their own. Patches `pg.Client`'s `query` once, which every pool's client uses
 * (by hand rather than with an instrumentation package: those hook module loading, which a bundle
 * never does).
 */
export function instrumentPostgres(): void {
  if (instrumented || !tracingEnabled()) return;
  instrumented = true;
  const original = pg.Client.prototype.query as unknown as (this: pg.Client, ...args: QueryArgs) => unknown;
  (pg.Client.prototype as unknown as { query: typeof original }).query = function (this: pg.Client, ...args) {
    const first = args[0] as { text?: unknown; submit?: unknown } | string | undefined;
    if (
      !tracingEnabled() ||
      !trace.getSpan(context.active()) ||
      (typeof first === 'object' && typeof first?.submit === 'function')
    )
      return original.apply(this, args);
    const text = typeof first === 'string' ? first : typeof first?.text === 'string' ? first.text : '';
    const operation = /^\s*([A-Za-z]+)/.exec(text)?.[1]?.toUpperCase() ?? 'QUERY';
    const started = startSpan(`${operation} ${this.database ?? ''}`.trim(), {
      kind: SpanKind.CLIENT,
      attributes: {
        'db.system.name': 'postgresql',
        'db.namespace': this.database ?? '',
        'db.operation.name': operation,
        'db.query.text': text.length > MAX_QUERY_TEXT ? `${text.slice(0, MAX_QUERY_TEXT)}…` : text,
        'server.address': this.host ?? '',
        'server.port': this.port ?? 5432,
      },
    });
    if (!started) return original.apply(this, args);
    const at = args.findLastIndex((arg) => typeof arg === 'function');
    if (at >= 0) {
      const callback = args[at] as (err: Error | null, result: unknown) => void;
      args[at] = (err: Error | null, result: unknown) => {
        endSpan(started.span, err ?? undefined);
        callback(err, result);
      };
      return context.with(started.context, () => original.apply(this, args));
    }
    const result = context.with(started.context, () => original.apply(this, args)) as Promise<unknown>;
    result.then(
      () => endSpan(started.span),
      (err: unknown) => endSpan(started.span, err),
    );
    return result;
  };
}
