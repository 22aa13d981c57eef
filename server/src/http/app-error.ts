import { type ErrorCode, errorCodeOfStatus } from '@kosh/contracts/errors';

/**
 * The one error type of the server; rendered into the shapes of spec part 1 section 8 with
 * a stable `code` (contracts/src/errors.ts) beside the message.
 */
export class AppError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly errors: Record<string, string[]> | undefined;
  readonly headers: Record<string, string> | undefined;

  constructor(
    status: number,
    message: string,
    options: { code?: ErrorCode; errors?: Record<string, string[]>; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.status = status;
    this.code = options.code ?? errorCodeOfStatus(status);
    this.errors = options.errors;
    this.headers = options.headers;
  }
}

export const badRequest = (message = 'Bad request.', code: ErrorCode = 'bad_request') =>
  new AppError(400, message, { code });
export const unauthenticated = (message = 'Unauthenticated.', code: ErrorCode = 'unauthenticated') =>
  new AppError(401, message, { code });
export const forbidden = (message = 'This action is unauthorized.', code: ErrorCode = 'forbidden') =>
  new AppError(403, message, { code });
export const notFound = (message = 'Not found.', code: ErrorCode = 'not_found') => new AppError(404, message, { code });
export const methodNotAllowed = (allow: string[]) =>
  new AppError(405, 'Method not allowed.', { code: 'method_not_allowed', headers: { allow: allow.join(', ') } });
export const conflict = (message: string, code: ErrorCode = 'conflict') => new AppError(409, message, { code });
export const payloadTooLarge = (message = 'The request is too large.', code: ErrorCode = 'payload_too_large') =>
  new AppError(413, message, { code });
export const tooManyRequests = (
  message = 'Too many attempts. Please try again later.',
  code: ErrorCode = 'too_many_requests',
) => new AppError(429, message, { code });

/**
 * A 422 with one or more messages per field. The message defaults to the first field message;
 * `code` names a failure a client may act on (name_taken) instead of validation_failed.
 */
export function validation(
  errors: Record<string, string[]>,
  options: string | { message?: string; code?: ErrorCode } = {},
): AppError {
  const { message, code = 'validation_failed' } = typeof options === 'string' ? { message: options } : options;
  const first = Object.values(errors).flat()[0];
  return new AppError(422, message ?? first ?? 'The given data was invalid.', { code, errors });
}
