import pino, { type Logger, type LoggerOptions } from 'pino';

export type { Logger };

/** Logging options shared by services and gateway: JSON lines, secrets redacted. */
export function loggerOptions(name: string, level = 'info'): LoggerOptions {
  return {
    name,
    level,
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
