import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

type ChildLoggerFactory = FastifyInstance['childLoggerFactory'];
type Bindings = Parameters<ChildLoggerFactory>[1];
type ChildOptions = Parameters<ChildLoggerFactory>[2];

/**
 * Each request's `request.log`: the app logger's child with the request's id, made when something
 * first logs through it. Fastify makes that child for every request, and pino's child serializes
 * (and redacts) its bindings when made: work most requests, which log nothing of their own (their
 * one line is written by request-log.ts through the app logger), never need.
 */
export const lazyRequestLogger: ChildLoggerFactory = (logger, bindings, options) => new RequestLogger(logger, bindings, options);

class RequestLogger implements FastifyBaseLogger {
  #child: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildOptions,
  ) {}

  /** The real child, made once. Fastify passes `{}` when a route sets no level or serializers: pino's cheaper path takes none. */
  private get logger(): FastifyBaseLogger {
    return (this.#child ??= this.parent.child(this.bindings, Object.keys(this.options).length > 0 ? this.options : undefined));
  }

  get level(): string {
    return this.#child?.level ?? this.options.level ?? this.parent.level;
  }

  set level(level: string) {
    this.logger.level = level;
  }

  child(bindings: Bindings, options?: ChildOptions): FastifyBaseLogger {
    return this.logger.child(bindings, options);
  }

  // Methods on the prototype, not a closure each per request.
  fatal(...args: unknown[]): void {
    Reflect.apply(this.logger.fatal, this.logger, args);
  }
  error(...args: unknown[]): void {
    Reflect.apply(this.logger.error, this.logger, args);
  }
  warn(...args: unknown[]): void {
    Reflect.apply(this.logger.warn, this.logger, args);
  }
  info(...args: unknown[]): void {
    Reflect.apply(this.logger.info, this.logger, args);
  }
  debug(...args: unknown[]): void {
    Reflect.apply(this.logger.debug, this.logger, args);
  }
  trace(...args: unknown[]): void {
    Reflect.apply(this.logger.trace, this.logger, args);
  }
  silent(...args: unknown[]): void {
    Reflect.apply(this.logger.silent, this.logger, args);
  }
}
