import type { FastifyError, FastifyInstance, FastifySchemaValidationError } from 'fastify';

/**
 * C0 control characters and DEL, except tab, line feed and carriage return (multi-line text keeps
 * them). PostgreSQL refuses NUL in text and JSON, so a NUL that reached a query failed with a 500;
 * the others have no place in text anyone types and are refused alike, by this one rule.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is this pattern's purpose
const CONTROL_CHARACTER = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

export const controlCharacterMessage = 'Remove the invisible control characters (such as NUL) from this field';

type PathStep = string | number;
/** A walked value with a link to its parent, so a path is built only for the value refused. */
interface Visit {
  value: unknown;
  step: PathStep | undefined;
  parent: Visit | undefined;
}

function pathOf(visit: Visit): PathStep[] {
  const path: PathStep[] = [];
  for (let at: Visit | undefined = visit; at?.step !== undefined; at = at.parent) path.push(at.step);
  return path.reverse();
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/**
 * The path to the first string (or object key) holding a control character in a parsed JSON body,
 * querystring or params, or undefined when there is none. Walks each value once with its own
 * stack, so time is linear in the input and no nesting depth can overflow the call stack; buffers
 * and other non-JSON values (uploads, raw webhook bodies) are left to their own checks.
 */
export function findControlCharacter(input: unknown): PathStep[] | undefined {
  const stack: Visit[] = [{ value: input, step: undefined, parent: undefined }];
  for (let visit = stack.pop(); visit; visit = stack.pop()) {
    const { value } = visit;
    if (typeof value === 'string') {
      if (CONTROL_CHARACTER.test(value)) return pathOf(visit);
    } else if (Array.isArray(value)) {
      for (let index = value.length - 1; index >= 0; index--) stack.push({ value: value[index], step: index, parent: visit });
    } else if (isPlainObject(value)) {
      const keys = Object.keys(value);
      for (let index = keys.length - 1; index >= 0; index--) {
        const key = keys[index]!;
        const child: Visit = { value: value[key], step: key, parent: visit };
        if (CONTROL_CHARACTER.test(key)) return pathOf(child);
        stack.push(child);
      }
    }
  }
  return undefined;
}

// The zod type provider marks its issues with this registered symbol; an issue carrying it is
// named and answered by every error handler (a route's own included) exactly like a schema failure.
const schemaIssueMark = Symbol.for('ZodFastifySchemaValidationError');

function controlCharacterError(context: 'body' | 'querystring' | 'params', path: PathStep[]): FastifyError {
  const error = new Error(controlCharacterMessage) as FastifyError;
  error.statusCode = 400;
  error.code = 'FST_ERR_VALIDATION';
  error.validationContext = context;
  const issue: FastifySchemaValidationError & { [schemaIssueMark]: true } = {
    [schemaIssueMark]: true,
    keyword: 'control_character',
    instancePath: `/${path.join('/')}`,
    schemaPath: '#/control_character',
    params: {},
    message: controlCharacterMessage,
  };
  error.validation = [issue];
  return error;
}

/**
 * Refuses control characters in every route's params, querystring and JSON body, better-auth's
 * included, with a 400 naming the field. It runs as a preHandler, after each route has
 * authenticated the caller (someone without access learns nothing about the inputs) and validated
 * the input, and before anything reaches the database.
 */
export function registerControlCharacterCheck(app: FastifyInstance): void {
  // A callback hook: no promise per request for what is, on most, a look at two empty objects.
  app.addHook('preHandler', (request, _reply, done) => {
    const inputs = [
      ['params', request.params],
      ['querystring', request.query],
      ['body', request.body],
    ] as const;
    for (const [context, input] of inputs) {
      const path = findControlCharacter(input);
      if (path) return done(controlCharacterError(context, path));
    }
    done();
  });
}
