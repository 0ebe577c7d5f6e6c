import type { FastifyBaseLogger } from 'fastify';
import type { Bindings, ChildLoggerOptions, LevelWithSilentOrString, LogFn, Logger } from 'pino';

const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'] as const;

/**
 * A request's logger, made only when something is logged at a level the logger writes. Fastify
 * gives every request a child logger bound to its request id; below `info` most requests log
 * nothing, so the child (and its serialised bindings) is made for the few that do.
 */
class LazyRequestLogger {
  private made: Logger | null = null;
  declare fatal: LogFn;
  declare error: LogFn;
  declare warn: LogFn;
  declare info: LogFn;
  declare debug: LogFn;
  declare trace: LogFn;
  declare silent: LogFn;

  constructor(
    private readonly parent: Logger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  private logger(): Logger {
    this.made ??= this.parent.child(this.bindings, this.options);
    return this.made;
  }

  get level(): LevelWithSilentOrString {
    return this.made?.level ?? this.options.level ?? this.parent.level;
  }

  set level(level: LevelWithSilentOrString) {
    this.logger().level = level;
  }

  isLevelEnabled(level: string): boolean {
    return this.made ? this.made.isLevelEnabled(level) : this.parent.isLevelEnabled(level);
  }

  child(bindings: Bindings, options?: ChildLoggerOptions): Logger {
    return this.logger().child(bindings, options);
  }
}

const noop: LogFn = () => {};
for (const level of LEVELS) {
  Object.defineProperty(LazyRequestLogger.prototype, level, {
    value: function (this: LazyRequestLogger, ...args: Parameters<LogFn>) {
      // Levels the logger does not write cost a check, not a child logger.
      if (!this.isLevelEnabled(level)) return;
      (this as unknown as { logger(): Logger }).logger()[level](...args);
    },
  });
}
Object.defineProperty(LazyRequestLogger.prototype, 'silent', { value: noop });

/** Fastify's `childLoggerFactory`: each request's logger, made lazily (see LazyRequestLogger). */
export function lazyRequestLogger(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  // A request logger with its own level (a route's logLevel) is made at once, as Fastify's own is.
  if (options.level !== undefined) return logger.child(bindings, options);
  return new LazyRequestLogger(
    logger as unknown as Logger,
    bindings,
    options,
  ) as unknown as FastifyBaseLogger;
}
