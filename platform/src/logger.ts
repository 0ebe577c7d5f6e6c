import pino, { type Logger, type LoggerOptions } from 'pino';
import { logMixin } from './tracing';

export type { Logger };

/** Query parameters that carry a secret: link tokens (verification, reset, claims), codes, keys. */
const SECRET_QUERY_PARAMETER = /^(token|code|key|secret|signature|password|client_secret)$/i;
/** Paths that are themselves a secret: a calendar feed's address is its capability. */
const SECRET_PATHS: Array<[RegExp, string]> = [[/(\/calendar\/feed\/)[^/?#]+/, '$1REDACTED']];

/** A request's URL as logs may show it: link tokens and other secrets in it replaced. */
export function redactUrl(url: string): string {
  let path = url;
  let query = '';
  const at = url.indexOf('?');
  if (at >= 0) {
    path = url.slice(0, at);
    const params = new URLSearchParams(url.slice(at + 1));
    for (const name of new Set(params.keys()))
      if (SECRET_QUERY_PARAMETER.test(name)) params.set(name, 'REDACTED');
    query = `?${params.toString()}`;
  }
  for (const [pattern, replacement] of SECRET_PATHS) path = path.replace(pattern, replacement);
  return `${path}${query}`;
}

interface LoggedRequest {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  headers?: Record<string, unknown>;
  socket?: { remoteAddress?: string };
}

/**
 * Logging options shared by services and gateway: JSON lines, secrets redacted — headers that
 * carry credentials, password and token fields, and link tokens in request URLs (at every level) —
 * and the trace and correlation ids of the work in hand.
 */
export function loggerOptions(name: string, level = 'info'): LoggerOptions {
  return {
    name,
    level,
    // Trace and span ids when tracing is on, a consumer's correlation id: see tracing.ts.
    mixin: logMixin,
    serializers: {
      req: (req: LoggedRequest) => ({
        method: req.method,
        url: req.url === undefined ? undefined : redactUrl(req.url),
        host: req.host ?? req.headers?.host,
        remoteAddress: req.ip ?? req.socket?.remoteAddress,
      }),
    },
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.headers["x-service-token"]',
        'req.headers["stripe-signature"]',
        '*.password',
        '*.new_password',
        '*.token',
      ],
      censor: '[redacted]',
    },
  };
}

export function createLogger(name: string, level = 'info'): Logger {
  return pino(loggerOptions(name, level));
}
