import type { DebugErrorPayload, ErrorCode } from '@kosh/contracts';

type ErrorBody = {
  message?: unknown;
  code?: unknown;
  errors?: Record<string, string | string[]>;
  action?: unknown;
  trace?: unknown;
};

/** The one error the HTTP client throws (STYLE.md "Errors"). */
export class ApiError extends Error {
  readonly status: number;
  /**
   * The server's machine-readable code (contracts/src/errors.ts) to act on; undefined when the
   * answer carried none (a proxy's error page, a network failure).
   */
  readonly code: ErrorCode | undefined;
  /** Field to messages; empty when the server sent none. */
  readonly errors: Record<string, string[]>;
  /** Present when the body carries a developer trace (APP_DEBUG). */
  readonly debug: DebugErrorPayload | undefined;
  readonly action: unknown;

  constructor(status: number, body: unknown) {
    const b = (body && typeof body === 'object' ? body : {}) as ErrorBody;
    super(typeof b.message === 'string' ? b.message : '');
    this.name = 'ApiError';
    this.status = status;
    this.code = typeof b.code === 'string' ? (b.code as ErrorCode) : undefined;
    this.errors = normaliseErrors(b.errors);
    this.debug = Array.isArray(b.trace) ? (b as unknown as DebugErrorPayload) : undefined;
    this.action = b.action;
  }

  /** The message of spec part 1 section 8: the first field error, else the message. */
  get displayMessage(): string | undefined {
    const firstField = Object.values(this.errors)[0]?.[0];
    return firstField || this.message || undefined;
  }
}

function normaliseErrors(errors: ErrorBody['errors']): Record<string, string[]> {
  if (!errors || typeof errors !== 'object') return {};
  const out: Record<string, string[]> = {};
  for (const [field, value] of Object.entries(errors)) {
    const list = (Array.isArray(value) ? value : [value]).filter((m): m is string => typeof m === 'string' && !!m);
    if (list.length) out[field] = list;
  }
  return out;
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
