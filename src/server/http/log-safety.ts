import type { FastifyRequest } from 'fastify';

/**
 * What the logs may say about an error: where it was thrown and what kind it is, never a value it
 * carries. A message can quote anything: drizzle's "Failed query: … params: …" lists the names,
 * e-mails and notes the query wrote, a PostgreSQL error's message and `detail` quote the value it
 * refused ("Key (email)=(…) already exists"), and JSON.parse quotes its input. So only names,
 * codes and the stack frames below the message are kept.
 */
export type LoggableError = {
  type: string;
  /** Always the same words: the real message is never logged. */
  message: string;
  code?: string | number;
  statusCode?: number;
  /** PostgreSQL's names for what failed (identifiers, never values). */
  constraint?: string;
  table?: string;
  column?: string;
  routine?: string;
  /** The frames only, without the message the stack begins with. */
  stack: string;
  cause?: LoggableError;
};

const WITHHELD = 'message not logged: it may quote personal data';
/** What loggableError made, so the logger's serializer passes it through as it is. */
const madeSafe = new WeakSet<object>();

const MAX_FRAMES = 15;
const MAX_CAUSES = 3;

/** The stack's frames without its first lines, which repeat the message (all of it, however many lines). */
function framesOf(error: Error): string | undefined {
  const { stack, message } = error;
  if (typeof stack !== 'string') return undefined;
  const end = message ? stack.indexOf(message) : -1;
  // A stack whose header does not hold the message verbatim cannot be cut safely: leave it out.
  if (message && end < 0) return undefined;
  const below = end < 0 ? stack.slice(stack.indexOf('\n') + 1) : stack.slice(end + message.length);
  const frames = below.split('\n').filter((line) => /^\s+at /.test(line));
  return frames.slice(0, MAX_FRAMES).join('\n') || undefined;
}

function pick(error: object, key: string): string | undefined {
  const value = (error as Record<string, unknown>)[key];
  return typeof value === 'string' && value.length <= 100 ? value : undefined;
}

export function loggableError(error: unknown, depth = 0): LoggableError {
  if (!(error instanceof Error)) return remember({ type: typeof error, message: WITHHELD, stack: '' });
  const code = (error as { code?: unknown }).code;
  const statusCode = (error as { statusCode?: unknown }).statusCode;
  const loggable: LoggableError = {
    // The class says more than `name`, which many subclasses leave as "Error".
    type: error.constructor.name || error.name,
    message: WITHHELD,
    code: typeof code === 'number' || (typeof code === 'string' && code.length <= 100) ? code : undefined,
    statusCode: typeof statusCode === 'number' ? statusCode : undefined,
    constraint: pick(error, 'constraint'),
    table: pick(error, 'table'),
    column: pick(error, 'column'),
    routine: pick(error, 'routine'),
    stack: framesOf(error) ?? '',
    cause: depth < MAX_CAUSES && error.cause !== undefined ? loggableError(error.cause, depth + 1) : undefined,
  };
  for (const key of Object.keys(loggable) as (keyof LoggableError)[]) if (loggable[key] === undefined) delete loggable[key];
  return remember(loggable);
}

function remember(loggable: LoggableError): LoggableError {
  madeSafe.add(loggable);
  return loggable;
}

const isMadeSafe = (value: unknown): value is LoggableError => typeof value === 'object' && value !== null && madeSafe.has(value);

/**
 * Second guard, should a value that carries data be logged under another key than `err`: fields
 * of database errors (values, SQL, parameters) and request bodies are replaced wherever they sit.
 */
export const logRedactPaths = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  ...['params', 'parameters', 'query', 'detail', 'where', 'hint', 'internalQuery', 'body'].flatMap((key) => [
    key,
    `*.${key}`,
    `*.cause.${key}`,
  ]),
];

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The path itself is a secret (a calendar feed's token): logs show the route's pattern instead. */
    secretPath?: boolean;
  }
}

/**
 * The app logger's serializers: errors as `loggableError`; requests by method and path, without
 * the query string (a search or a file name there can name a patient), and by the route's pattern
 * where the path carries a secret.
 */
export const logSerializers = {
  err: (error: unknown): LoggableError => (isMadeSafe(error) ? error : loggableError(error)),
  req: (request: FastifyRequest) => ({
    method: request.method,
    url: request.routeOptions?.config?.secretPath ? request.routeOptions.url : request.url.split('?')[0],
    remoteAddress: request.ip,
  }),
};

/**
 * better-auth's own log lines (its `logger.log`), on standard error as before but with its errors
 * as `loggableError` and its other arguments left out: it passes the failed query's error along.
 */
export function logAuthLine(level: 'debug' | 'info' | 'warn' | 'error', message: unknown, ...args: unknown[]): void {
  const error = [message, ...args].find((value) => value instanceof Error);
  const line = {
    source: 'better-auth',
    level,
    msg: typeof message === 'string' && !(error && error.message && message.includes(error.message)) ? message : undefined,
    err: error ? loggableError(error) : undefined,
  };
  console.error(JSON.stringify(line));
}
