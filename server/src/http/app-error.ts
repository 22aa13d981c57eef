/** The one error type of the server; rendered into the shapes of spec part 1 section 8. */
export class AppError extends Error {
  readonly status: number;
  readonly code: string;
  readonly errors: Record<string, string[]> | undefined;
  readonly headers: Record<string, string> | undefined;

  constructor(
    status: number,
    message: string,
    options: { code?: string; errors?: Record<string, string[]>; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.status = status;
    this.code = options.code ?? `http_${status}`;
    this.errors = options.errors;
    this.headers = options.headers;
  }
}

export const badRequest = (message = 'Bad request.') => new AppError(400, message, { code: 'bad_request' });
export const unauthenticated = (message = 'Unauthenticated.') =>
  new AppError(401, message, { code: 'unauthenticated' });
export const forbidden = (message = 'This action is unauthorized.') =>
  new AppError(403, message, { code: 'forbidden' });
export const notFound = (message = 'Not found.') => new AppError(404, message, { code: 'not_found' });
export const methodNotAllowed = (allow: string[]) =>
  new AppError(405, 'Method not allowed.', { code: 'method_not_allowed', headers: { allow: allow.join(', ') } });
export const conflict = (message: string) => new AppError(409, message, { code: 'conflict' });
export const payloadTooLarge = (message = 'The request is too large.') =>
  new AppError(413, message, { code: 'payload_too_large' });
export const tooManyRequests = (message = 'Too many attempts. Please try again later.') =>
  new AppError(429, message, { code: 'too_many_requests' });

/** A 422 with one or more messages per field. */
export function validation(errors: Record<string, string[]>, message?: string): AppError {
  const first = Object.values(errors).flat()[0];
  return new AppError(422, message ?? first ?? 'The given data was invalid.', { code: 'validation', errors });
}
