import { z } from 'zod';
import { idParam } from './fields.ts';

/**
 * Where a job of the queue stands: pending (waiting for its first attempt or a retry), running
 * (leased to a process now), failed (set aside after its last attempt), done (handled, or kept
 * with a note when it was about something Kosh does not know).
 */
export const QUEUE_STATES = ['pending', 'running', 'failed', 'done'] as const;
export type QueueState = (typeof QUEUE_STATES)[number];

export const QUEUE_MESSAGES = {
  notRetryable: 'Only a pending or failed job can be retried.',
} as const;

export const QueueJobSchema = z.object({
  id: z.number().int(),
  /** Which queue: the payment gateways' webhook events. */
  queue: z.literal('billing-events'),
  gateway: z.enum(['stripe', 'paypal', 'none']),
  /** The event's type as the gateway named it (invoice.paid, PAYMENT.SALE.COMPLETED …). */
  type: z.string(),
  event_id: z.string(),
  state: z.enum(QUEUE_STATES),
  attempts: z.number().int(),
  received_at: z.string(),
  /** When a pending job is tried next. */
  available_at: z.string(),
  processed_at: z.string().nullable(),
  /** The last failure, or the note a job was finished with. */
  last_error: z.string().nullable(),
});
export type QueueJob = z.infer<typeof QueueJobSchema>;

export const ListQueueQuerySchema = z.object({
  state: z.enum(QUEUE_STATES, { error: 'Choose pending, running, failed or done.' }).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(15),
});
export type ListQueueQuery = z.infer<typeof ListQueueQuerySchema>;

export const ListQueueResponseSchema = z
  .object({
    counts: z.object({
      pending: z.number().int(),
      running: z.number().int(),
      failed: z.number().int(),
      done: z.number().int(),
    }),
    pagination: z.object({
      data: z.array(QueueJobSchema),
      current_page: z.number().int(),
      last_page: z.number().int(),
      per_page: z.number().int(),
      total: z.number().int(),
    }),
  })
  .describe('The jobs of the queue in one state (or all), newest first, with the count in each state.');
export type ListQueueResponse = z.infer<typeof ListQueueResponseSchema>;

export const QueueJobParamsSchema = z.object({ jobId: idParam() });
export type QueueJobParams = z.infer<typeof QueueJobParamsSchema>;

export const QueueJobResponseSchema = z.object({ job: QueueJobSchema });
export type QueueJobResponse = z.infer<typeof QueueJobResponseSchema>;
