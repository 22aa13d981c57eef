import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import FindMyWay from 'find-my-way';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { AppError, methodNotAllowed, notFound } from './app-error.ts';
import { buildDebugPayload } from './debug-trace.ts';

const GENERIC_MESSAGE = 'There was an issue. Please try again.';
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** `body.email` from a validator's instancePath `/email`; params and query fields keep their own names. */
function fieldOf(instancePath: string | undefined, fallback: string): string {
  const path = (instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
  return path || fallback;
}

function collect(errors: Record<string, string[]>, field: string, message: string) {
  (errors[field] ??= []).push(message);
}

/** Renders validation failures, AppErrors, framework errors and crashes in the spec's shapes. */
export function toErrorReply(
  error: unknown,
  debug: boolean,
): { status: number; body: Record<string, unknown>; headers?: Record<string, string> } {
  if (error instanceof AppError) {
    const body: Record<string, unknown> = { message: error.message };
    if (error.errors) body.errors = error.errors;
    return { status: error.status, body, headers: error.headers };
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
    return { status: 422, body: { message: Object.values(errors)[0]?.[0] ?? 'The given data was invalid.', errors } };
  }
  if (error instanceof ZodError) {
    const errors: Record<string, string[]> = {};
    for (const issue of error.issues) collect(errors, issue.path.join('.') || 'value', issue.message);
    return { status: 422, body: { message: error.issues[0]?.message ?? 'The given data was invalid.', errors } };
  }
  const fe = error as FastifyError;
  if (fe?.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || (fe?.statusCode === 400 && fe instanceof SyntaxError)) {
    return {
      status: 422,
      body: {
        message: 'The request body is not valid JSON.',
        errors: { body: ['The request body is not valid JSON.'] },
      },
    };
  }
  if (fe?.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
    return {
      status: 422,
      body: { message: 'The request body is empty.', errors: { body: ['The request body is empty.'] } },
    };
  }
  if (typeof fe?.statusCode === 'number' && fe.statusCode >= 400 && fe.statusCode < 500) {
    const messages: Record<number, string> = {
      413: 'The request is too large.',
      415: 'This content type is not supported.',
    };
    return { status: fe.statusCode, body: { message: messages[fe.statusCode] ?? fe.message } };
  }
  const err = error instanceof Error ? error : new Error(String(error));
  return { status: 500, body: debug ? { ...buildDebugPayload(err) } : { message: GENERIC_MESSAGE } };
}

/** Installs the error handler; returns the JSON 404/405 answer for the not-found handler to use. */
export function registerErrorHandling(
  app: FastifyInstance,
  debug: boolean,
): (request: FastifyRequest, reply: FastifyReply) => FastifyReply {
  // A mirror of the route table answers "which methods exist for this path" for 405s.
  const mirror = FindMyWay();
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const m of methods)
      if (METHODS.includes(m as (typeof METHODS)[number])) mirror.on(m as 'GET', route.url, () => undefined);
  });

  app.setErrorHandler((error, request: FastifyRequest, reply: FastifyReply) => {
    const { status, body, headers } = toErrorReply(error, debug);
    if (status >= 500) request.log.error({ err: error, url: request.url, method: request.method }, 'unexpected error');
    else if (status !== 404 && status !== 401) request.log.info({ status, url: request.url }, body.message as string);
    if (headers) reply.headers(headers);
    return reply.status(status).send(body);
  });

  return (request, reply) => {
    const path = request.url.split('?')[0];
    const allowed = METHODS.filter((m) => m !== request.method && mirror.find(m, path));
    const { status, body, headers } = toErrorReply(allowed.length ? methodNotAllowed(allowed) : notFound(), debug);
    if (headers) reply.headers(headers);
    return reply.status(status).send(body);
  };
}
