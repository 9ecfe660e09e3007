import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, type ErrorCode } from '../errors';
import { loggableError } from './log-safety';

/** The HTTP status of each error code: the one place the API layer turns codes into statuses. */
export const errorStatus: Record<ErrorCode, number> = {
  VALIDATION: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  /** Signed in, but this needs a verified second factor in this session (aal2). */
  MFA_REQUIRED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
};

export interface ErrorBody {
  error: { code: ErrorCode; message: string; fields?: Record<string, string> };
}

// The first code listed for a status names Fastify's own errors of that status.
const statusToCode = new Map<number, ErrorCode>();
for (const [code, status] of Object.entries(errorStatus)) if (!statusToCode.has(status)) statusToCode.set(status, code as ErrorCode);

function body(code: ErrorCode, message: string, fields?: Record<string, string>): ErrorBody {
  return { error: fields ? { code, message, fields } : { code, message } };
}

/** Field errors keyed by the field's path inside the body, query or params ("email", "address.zip"). */
function fieldErrors(error: FastifyError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.validation ?? []) {
    const key = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'body';
    fields[key] ??= issue.message ?? 'Invalid value';
  }
  return fields;
}

export function handleError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AppError) {
    return reply.status(errorStatus[error.code]).send(body(error.code, error.message, error.fields));
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const fields = fieldErrors(error);
    const first = Object.values(fields)[0] ?? 'Invalid request';
    return reply.status(400).send(body('VALIDATION', first, fields));
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    // Fastify's own client errors (malformed JSON, wrong content type, body too large) are safe to
    // describe, but their messages can quote internals, so each status gets a fixed sentence.
    const code = statusToCode.get(status) ?? 'VALIDATION';
    const messages: Partial<Record<ErrorCode, string>> = {
      VALIDATION: 'The request could not be read. Check that it is well-formed JSON.',
      UNSUPPORTED_MEDIA_TYPE: 'Unsupported content type. Send application/json.',
      PAYLOAD_TOO_LARGE: 'The request is too large.',
      RATE_LIMITED: 'Too many requests. Please wait a moment and try again.',
    };
    return reply.status(status).send(body(code, messages[code] ?? 'The request was refused.'));
  }
  // Never the error itself: a failed query's message and fields quote the values it carried.
  request.log.error({ err: loggableError(error) }, 'request failed');
  return reply.status(500).send(body('INTERNAL', 'Something went wrong on our side. Please try again.'));
}
