import { useMutation, useQuery } from '@tanstack/react-query';
import {
  ErrorLogDetailResponseSchema,
  ErrorLogEntryParamsSchema,
  ErrorLogFilesResponseSchema,
  ErrorLogPageSchema,
  ErrorLogQuerySchema,
  JobKeyParamsSchema,
  JobRunResponseSchema,
  JobRunsPageSchema,
  JobRunsQuerySchema,
  JobsResponseSchema,
  MailLogEntryResponseSchema,
  MailLogPageSchema,
  MailLogQuerySchema,
  type ErrorLogEntry,
} from '@kosh/contracts';
import type { EndpointDefinition } from '@kosh/contracts/endpoints';
import { z } from 'zod';
import { call } from '../../api/call.ts';
import { resolveUrl } from '../../api/http.ts';
import { queryClient } from '../../api/query-client.ts';
import type { AdminListPage, ListQuery } from '../table/useAdminList.ts';

// The logs' calls (schedule, error, outgoing email), declared with the routes' own schemas so `call`
// types them; like admin-endpoints.ts they belong in the shared endpoint table once it lists them.
const logsEndpoints = {
  listJobs: { method: 'GET', path: 'admin/jobs', response: JobsResponseSchema },
  runJob: { method: 'POST', path: 'admin/jobs/:job/run', params: JobKeyParamsSchema, response: JobRunResponseSchema },
  listJobRuns: { method: 'GET', path: 'admin/job-runs', query: JobRunsQuerySchema, response: JobRunsPageSchema },
  listErrorLog: {
    method: 'GET',
    path: 'admin/logs/error',
    query: ErrorLogQuerySchema,
    response: ErrorLogPageSchema.extend({ file: z.string().nullable() }),
  },
  listErrorLogFiles: { method: 'GET', path: 'admin/logs/error/files', response: ErrorLogFilesResponseSchema },
  getErrorLogEntry: {
    method: 'GET',
    path: 'admin/logs/error/:file/:offset',
    params: ErrorLogEntryParamsSchema,
    response: ErrorLogDetailResponseSchema,
  },
  listMailLog: { method: 'GET', path: 'admin/mail-log', query: MailLogQuerySchema, response: MailLogPageSchema },
  getMailLogEntry: {
    method: 'GET',
    path: 'admin/mail-log/:id',
    params: z.object({ id: z.number().int() }),
    response: MailLogEntryResponseSchema,
  },
} as const satisfies Record<string, EndpointDefinition>;

/** Query keys of the logs' tabs. */
export const logKeys = {
  jobs: ['admin', 'jobs'] as const,
  jobRuns: ['admin', 'job-runs'] as const,
  errorLog: ['admin', 'error-log'] as const,
  errorFiles: ['admin', 'error-log', 'files'] as const,
  errorEntry: (file: string, offset: number) => ['admin', 'error-log', 'entry', file, offset] as const,
  mailLog: ['admin', 'mail-log'] as const,
  mail: (id: number) => ['admin', 'mail-log', 'entry', id] as const,
};

/** The periodic jobs with their last runs (GET admin/jobs). */
export function useJobs() {
  return useQuery({
    queryKey: logKeys.jobs,
    queryFn: ({ signal }) => call(logsEndpoints.listJobs, { signal }).then((r) => r.jobs),
  });
}

/** "Run now": answers the run once it ends; the jobs and their runs are read again either way. */
export function useRunJob() {
  return useMutation({
    mutationFn: (job: string) => call(logsEndpoints.runJob, { params: { job } }).then((r) => r.run),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: logKeys.jobs }),
        queryClient.invalidateQueries({ queryKey: logKeys.jobRuns }),
      ]),
  });
}

/** One page of the jobs' runs (GET admin/job-runs). */
export function fetchJobRuns(query: ListQuery, signal: AbortSignal) {
  return call(logsEndpoints.listJobRuns, { query, signal });
}

/** An error log entry as a table row: its byte offset is unique within the file the page was read from. */
export type ErrorLogRow = ErrorLogEntry & { id: number };

/** One page of an error log file's entries (GET admin/logs/error), with the file it read. */
export async function fetchErrorLog(
  query: ListQuery,
  signal: AbortSignal,
): Promise<AdminListPage<ErrorLogRow> & { file: string | null }> {
  const page = await call(logsEndpoints.listErrorLog, { query, signal });
  const data = page.pagination.data.map((entry) => ({ ...entry, id: entry.offset }));
  return { file: page.file, pagination: { ...page.pagination, data } };
}

/** The error log files, newest first. */
export function useErrorLogFiles() {
  return useQuery({
    queryKey: logKeys.errorFiles,
    queryFn: ({ signal }) => call(logsEndpoints.listErrorLogFiles, { signal }).then((r) => r.files),
  });
}

/** One error log entry whole, with its stack and context; only while its dialog is open. */
export function useErrorLogEntry(entry: ErrorLogEntry | null) {
  return useQuery({
    queryKey: logKeys.errorEntry(entry?.file ?? '', entry?.offset ?? -1),
    queryFn: ({ signal }) =>
      call(logsEndpoints.getErrorLogEntry, {
        params: { file: entry?.file ?? '', offset: entry?.offset ?? 0 },
        signal,
      }).then((r) => r.entry),
    enabled: !!entry,
    meta: { handledStatuses: 'all' },
  });
}

/** A plain link that downloads one error log file (the server sends it as an attachment). */
export const errorLogDownloadHref = (file: string) =>
  `${resolveUrl('admin/logs/error/download')}?${new URLSearchParams({ file })}`;

/** One page of the mail log (GET admin/mail-log). */
export function fetchMailLog(query: ListQuery, signal: AbortSignal) {
  return call(logsEndpoints.listMailLog, { query, signal });
}

/** One mail with its text and HTML, while its preview is open. */
export function useMailLogEntry(id: number | null) {
  return useQuery({
    queryKey: logKeys.mail(id ?? 0),
    queryFn: ({ signal }) =>
      call(logsEndpoints.getMailLogEntry, { params: { id: id ?? 0 }, signal }).then((r) => r.mail),
    enabled: id !== null,
    meta: { handledStatuses: 'all' },
  });
}
