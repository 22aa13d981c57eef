import { z } from 'zod';

// Errors (spec part 1, 8): every error answer carries a human `message` and a stable,
// machine-readable `code` a client may act on; validation failures add `errors`.

/** Every code the server answers; the status each comes with is in ERROR_CODE_STATUS. */
export const ERROR_CODES = [
  'validation_failed',
  'bad_request',
  'unauthenticated',
  'forbidden',
  'account_suspended',
  'csrf_token_invalid',
  'two_factor_required',
  'link_locked',
  'not_found',
  'method_not_allowed',
  'conflict',
  'name_taken',
  'gone',
  'link_expired',
  'payload_too_large',
  'quota_exceeded',
  'upload_too_large',
  'upload_type_not_allowed',
  'upload_expired',
  'upload_checksum_unsupported',
  'unsupported_media_type',
  'password_confirmation_required',
  'too_many_requests',
  'internal',
  'service_unavailable',
  'insufficient_storage',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** The status each code is answered with. */
export const ERROR_CODE_STATUS = {
  validation_failed: 422,
  bad_request: 400,
  unauthenticated: 401,
  forbidden: 403,
  account_suspended: 403,
  csrf_token_invalid: 403,
  two_factor_required: 403,
  link_locked: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  name_taken: 422,
  gone: 410,
  link_expired: 410,
  payload_too_large: 413,
  quota_exceeded: 413,
  upload_too_large: 413,
  upload_type_not_allowed: 422,
  upload_expired: 410,
  upload_checksum_unsupported: 400,
  unsupported_media_type: 415,
  password_confirmation_required: 423,
  too_many_requests: 429,
  internal: 500,
  service_unavailable: 503,
  insufficient_storage: 507,
} as const satisfies Record<ErrorCode, number>;

const DEFAULT_CODE_OF_STATUS: Record<number, ErrorCode> = {
  400: 'bad_request',
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  409: 'conflict',
  410: 'gone',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  422: 'validation_failed',
  423: 'password_confirmation_required',
  429: 'too_many_requests',
  503: 'service_unavailable',
  507: 'insufficient_storage',
};

/** The general code of a status, for errors that name nothing more specific. */
export function errorCodeOfStatus(status: number): ErrorCode {
  return DEFAULT_CODE_OF_STATUS[status] ?? (status >= 500 ? 'internal' : 'bad_request');
}

const errorsMap = z.record(z.string(), z.array(z.string())).describe('Field to messages.');

/** Every error the server sends (part 1, 8): `errors` only on validation failures. */
export const ErrorResponseSchema = z
  .object({
    message: z.string().describe('For people: shown as is.'),
    code: z.enum(ERROR_CODES).describe('For programs: stable across releases and languages.'),
    errors: errorsMap.optional(),
    action: z.unknown().optional(),
  })
  .describe('An error.');
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>;
/** 422: validation failures, field to messages. */
export const ValidationErrorResponseSchema = ErrorResponseSchema.extend({ errors: errorsMap });
export type ValidationErrorResponse = z.infer<typeof ValidationErrorResponseSchema>;

export type TraceFrame = {
  path: string;
  lineNumber: number;
  method: string;
  flatIndex: number;
  codeSnippet: Record<string, string>;
};
export type VendorGroup = { vendorGroup: true; items: TraceFrame[] };

/** Developer payload of an unexpected error when APP_DEBUG is on (part 1, 3). */
export type DebugErrorPayload = {
  message: string;
  code?: ErrorCode;
  exception: string;
  trace: Array<TraceFrame | VendorGroup>;
  totalVendorGroups: number;
  ignitionTrace: boolean;
  action?: unknown;
};
