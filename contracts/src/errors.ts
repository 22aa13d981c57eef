import { z } from 'zod';

/** Every non-validation error the server sends (part 1, 8). */
export const ErrorResponseSchema = z.object({ message: z.string(), action: z.unknown().optional() });
/** 422: validation failures, field to messages. */
export const ValidationErrorResponseSchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())),
});

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
  exception: string;
  trace: Array<TraceFrame | VendorGroup>;
  totalVendorGroups: number;
  ignitionTrace: boolean;
  action?: unknown;
};
