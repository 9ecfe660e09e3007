/**
 * The error codes a client can match on. Services throw AppError with one of them; the HTTP layer
 * (http/errors.ts) maps each to a status and answers `{ error: { code, message, fields? } }`, so no
 * use case depends on HTTP.
 */
export const errorCodes = [
  'VALIDATION',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'MFA_REQUIRED',
  'NOT_FOUND',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'INTERNAL',
  'UNAVAILABLE',
] as const;

export type ErrorCode = (typeof errorCodes)[number];

/** The one error type services throw; its message is shown to the user as it is. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}
