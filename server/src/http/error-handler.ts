import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { type ErrorCode, type ErrorResponse, errorCodeOfStatus } from '@kosh/contracts/errors';
import { AppError, methodNotAllowed, notFound } from './app-error.ts';
import { buildDebugPayload } from './debug-trace.ts';
import { appErrorOfDriver } from './driver-errors.ts';
import { catalogRoutes } from './route-catalog.ts';

const GENERIC_MESSAGE = 'There was an issue. Please try again.';
/** Fastify's own 4xx errors, with messages of ours rather than the framework's wording. */
const FRAMEWORK_MESSAGES: Record<number, string> = {
  413: 'The request is too large.',
  415: 'This content type is not supported.',
};

/** `body.email` from a validator's instancePath `/email`; params and query fields keep their own names. */
function fieldOf(instancePath: string | undefined, fallback: string): string {
  const path = (instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
  return path || fallback;
}

function collect(errors: Record<string, string[]>, field: string, message: string) {
  const list = errors[field] ?? [];
  list.push(message);
  errors[field] = list;
}

type ErrorBody = ErrorResponse | (Record<string, unknown> & { message: string; code: ErrorCode });
export type ErrorReply = { status: number; body: ErrorBody; headers?: Record<string, string> };

const invalid = (errors: Record<string, string[]>, message?: string): ErrorReply => ({
  status: 422,
  body: {
    message: message ?? Object.values(errors)[0]?.[0] ?? 'The given data was invalid.',
    code: 'validation_failed',
    errors,
  },
});

/** Renders validation failures, AppErrors, framework errors and crashes in the spec's shapes. */
export function toErrorReply(error: unknown, debug: boolean): ErrorReply {
  const known = error instanceof AppError ? error : appErrorOfDriver(error);
  if (known) {
    const body: ErrorBody = { message: known.message, code: known.code };
    if (known.errors) body.errors = known.errors;
    return { status: known.status, body, headers: known.headers };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const errors: Record<string, string[]> = {};
    for (const v of error.validation) {
      const issuePath = (v.params as { issue?: { path?: PropertyKey[] } })?.issue?.path;
      const field = issuePath?.length
        ? issuePath.join('.')
        : fieldOf(v.instancePath, error.validationContext ?? 'body');
      collect(errors, field, v.message ?? 'The value is invalid.');
    }
    return invalid(errors);
  }
  if (error instanceof ZodError) {
    const errors: Record<string, string[]> = {};
    for (const issue of error.issues) collect(errors, issue.path.join('.') || 'value', issue.message);
    return invalid(errors, error.issues[0]?.message);
  }
  const fe = error as FastifyError;
  if (fe?.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || (fe?.statusCode === 400 && fe instanceof SyntaxError)) {
    return invalid({ body: ['The request body is not valid JSON.'] });
  }
  if (fe?.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') return invalid({ body: ['The request body is empty.'] });
  if (typeof fe?.statusCode === 'number' && fe.statusCode >= 400 && fe.statusCode < 500) {
    // Body limits, multipart limits, unsupported content types: Fastify's and its plugins' own errors.
    const message = FRAMEWORK_MESSAGES[fe.statusCode] ?? fe.message;
    return { status: fe.statusCode, body: { message, code: errorCodeOfStatus(fe.statusCode) } };
  }
  const err = error instanceof Error ? error : new Error(String(error));
  const body: ErrorBody = debug
    ? { ...buildDebugPayload(err), code: 'internal' }
    : { message: GENERIC_MESSAGE, code: 'internal' };
  return { status: 500, body };
}

/** Installs the error handler; returns the JSON 404/405 answer for the not-found handler to use. */
export function registerErrorHandling(
  app: FastifyInstance,
  debug: boolean,
  /** Told of each unexpected error (an answer 500), e.g. to report it. */
  onUnexpected: (error: unknown, request: FastifyRequest) => void = () => undefined,
): (request: FastifyRequest, reply: FastifyReply) => FastifyReply {
  // The catalog of routes answers "which methods exist for this path" for 405s.
  const catalog = catalogRoutes(app);

  app.setErrorHandler((error, request: FastifyRequest, reply: FastifyReply) => {
    const { status, body, headers } = toErrorReply(error, debug);
    if (status === 503 || status === 507) {
      // An outage (database down, disk full) is one condition, not a crash per request: a warning with its cause.
      request.log.warn({ status, code: body.code, url: request.url, err: error }, body.message);
    } else if (status >= 500) {
      request.log.error({ err: error, url: request.url, method: request.method }, 'unexpected error');
      onUnexpected(error, request);
    } else if (status !== 404 && status !== 401) {
      // A driver's or the framework's own text (constraint, path) goes to the log, never to the client.
      const err = error instanceof AppError || body.code === 'validation_failed' ? undefined : error;
      request.log.info({ status, code: body.code, url: request.url, err }, body.message);
    }
    if (headers) reply.headers(headers);
    return reply.status(status).send(body);
  });

  return (request, reply) => {
    const path = request.url.split('?')[0];
    const allowed = catalog.methodsOf(path).filter((m) => m !== request.method);
    const { status, body, headers } = toErrorReply(allowed.length ? methodNotAllowed(allowed) : notFound(), debug);
    if (headers) reply.headers(headers);
    return reply.status(status).send(body);
  };
}
