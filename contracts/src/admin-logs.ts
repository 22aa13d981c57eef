import { z } from 'zod';
import { adminListQuery, adminPage, dateFilter } from './admin.ts';

// The admin area's logs: the schedule (periodic jobs and their runs), outgoing email and the
// error log's entries.

export const JobRunSchema = z.object({
  id: z.number().int(),
  job: z.string(),
  trigger: z.enum(['schedule', 'manual']),
  triggered_by: z.number().int().nullable(),
  /** The name of the staff member who pressed Run now; null on schedule or once their account is gone. */
  triggered_by_name: z.string().nullable(),
  status: z.enum(['running', 'succeeded', 'failed']),
  /** What the run reported, such as counts of purged entries. */
  output: z.unknown().nullable(),
  error: z.string().nullable(),
  duration_ms: z.number().int().nullable(),
  started_at: z.string(),
  finished_at: z.string().nullable(),
});
export type JobRun = z.infer<typeof JobRunSchema>;

export const JobSchema = z.object({
  key: z.string(),
  label: z.string(),
  description: z.string(),
  interval_ms: z.number().int(),
  last_run: JobRunSchema.nullable(),
});
export type Job = z.infer<typeof JobSchema>;

export const JobsResponseSchema = z.object({ jobs: z.array(JobSchema) });
export type JobsResponse = z.infer<typeof JobsResponseSchema>;

export const JobKeyParamsSchema = z.object({ job: z.string().max(60) });
export const JobRunResponseSchema = z.object({ run: JobRunSchema });

export const JobRunsQuerySchema = adminListQuery(['started_at'] as const).extend({
  job: z.string().trim().max(60).optional(),
  status: z
    .enum(['running', 'succeeded', 'failed'], { error: 'The status must be running, succeeded or failed.' })
    .optional(),
  from: dateFilter(),
  to: dateFilter(),
});
export type JobRunsQuery = z.infer<typeof JobRunsQuerySchema>;
export const JobRunsPageSchema = adminPage(JobRunSchema);
export type JobRunsPage = z.infer<typeof JobRunsPageSchema>;

export const MAIL_LOG_DAYS = 30;

export const MailLogQuerySchema = adminListQuery(['created_at'] as const).extend({
  status: z.enum(['sent', 'failed'], { error: 'The status must be sent or failed.' }).optional(),
  template: z.string().trim().max(60).optional(),
  from: dateFilter(),
  to: dateFilter(),
});
export type MailLogQuery = z.infer<typeof MailLogQuerySchema>;

export const MailLogRowSchema = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  template: z.string().nullable(),
  status: z.enum(['sent', 'failed']),
  error: z.string().nullable(),
  created_at: z.string(),
});
export type MailLogRow = z.infer<typeof MailLogRowSchema>;
export const MailLogPageSchema = adminPage(MailLogRowSchema);
export type MailLogPage = z.infer<typeof MailLogPageSchema>;

export const MailLogEntrySchema = MailLogRowSchema.extend({
  text: z.string().nullable(),
  html: z.string().nullable(),
});
export type MailLogEntry = z.infer<typeof MailLogEntrySchema>;
export const MailLogEntryResponseSchema = z.object({ mail: MailLogEntrySchema });

export const ERROR_LOG_LEVELS = ['error', 'fatal'] as const;

export const ErrorLogFileSchema = z.object({ name: z.string(), size: z.number().int(), modified_at: z.string() });
export type ErrorLogFile = z.infer<typeof ErrorLogFileSchema>;
export const ErrorLogFilesResponseSchema = z.object({ files: z.array(ErrorLogFileSchema) });

/** A log file's name as the server writes them (error.log, error-2026-11-26-0.log). */
export const ERROR_LOG_FILE_PATTERN = /^error(-\d{4}-\d{2}-\d{2}-\d+)?\.log$/;
const logFileName = () =>
  z.string().regex(ERROR_LOG_FILE_PATTERN, 'The file must be one of the error log files listed.');

export const ErrorLogQuerySchema = adminListQuery(['time'] as const).extend({
  file: logFileName().optional(),
  level: z.enum(ERROR_LOG_LEVELS, { error: 'The level must be error or fatal.' }).optional(),
});
export type ErrorLogQuery = z.infer<typeof ErrorLogQuerySchema>;

export const ErrorLogEntrySchema = z.object({
  /** The byte offset of the entry's line in its file: with the file, its identity. */
  offset: z.number().int(),
  file: z.string(),
  time: z.string(),
  level: z.enum(ERROR_LOG_LEVELS),
  message: z.string(),
  request_id: z.string().nullable(),
});
export type ErrorLogEntry = z.infer<typeof ErrorLogEntrySchema>;
export const ErrorLogPageSchema = adminPage(ErrorLogEntrySchema);
export type ErrorLogPage = z.infer<typeof ErrorLogPageSchema>;

export const ErrorLogEntryParamsSchema = z.object({ file: logFileName(), offset: z.coerce.number().int().min(0) });
export const ErrorLogDetailResponseSchema = z.object({
  entry: ErrorLogEntrySchema.extend({ stack: z.string().nullable(), context: z.record(z.string(), z.unknown()) }),
});
export type ErrorLogDetail = z.infer<typeof ErrorLogDetailResponseSchema>['entry'];
export const ErrorLogDownloadQuerySchema = z.object({ file: logFileName() });
