import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import {
  MailTemplatePreviewSchema,
  MailTemplateResponseSchema,
  MailTemplatesResponseSchema,
  type SaveMailTemplateBody,
  SaveMailTemplateBodySchema,
} from '@kosh/contracts';
import type { EndpointDefinition } from '@kosh/contracts/endpoints';
import { z } from 'zod';
import { call } from '../../api/call.ts';
import { queryClient } from '../../api/query-client.ts';

const IdParamsSchema = z.object({ id: z.string() });

/** The admin mail templates calls (server/src/admin/mail-templates/mail-templates-admin.routes.ts). */
export const mailTemplatesEndpoints = {
  listMailTemplates: { method: 'GET', path: 'admin/mail-templates', response: MailTemplatesResponseSchema },
  getMailTemplate: {
    method: 'GET',
    path: 'admin/mail-templates/:id',
    params: IdParamsSchema,
    response: MailTemplateResponseSchema,
  },
  saveMailTemplate: {
    method: 'PUT',
    path: 'admin/mail-templates/:id',
    params: IdParamsSchema,
    body: SaveMailTemplateBodySchema,
    response: MailTemplateResponseSchema,
  },
  restoreMailTemplate: {
    method: 'DELETE',
    path: 'admin/mail-templates/:id',
    params: IdParamsSchema,
    response: MailTemplateResponseSchema,
  },
  previewMailTemplate: {
    method: 'POST',
    path: 'admin/mail-templates/:id/preview',
    params: IdParamsSchema,
    body: SaveMailTemplateBodySchema,
    response: MailTemplatePreviewSchema,
  },
} as const satisfies Record<string, EndpointDefinition>;

export const mailTemplateKeys = {
  all: ['admin', 'mail-templates'] as const,
  list: ['admin', 'mail-templates', 'list'] as const,
  one: (id: string) => ['admin', 'mail-templates', 'one', id] as const,
  preview: (id: string, draft: SaveMailTemplateBody) => ['admin', 'mail-templates', 'preview', id, draft] as const,
};

export function useMailTemplates() {
  return useQuery({
    queryKey: mailTemplateKeys.list,
    queryFn: ({ signal }) => call(mailTemplatesEndpoints.listMailTemplates, { signal }),
  });
}

export function useMailTemplate(id: string) {
  return useQuery({
    queryKey: mailTemplateKeys.one(id),
    queryFn: ({ signal }) => call(mailTemplatesEndpoints.getMailTemplate, { params: { id }, signal }),
    select: (answer) => answer.template,
  });
}

const refresh = () => queryClient.invalidateQueries({ queryKey: mailTemplateKeys.all });

/** Saves; a 422 is shown on the editor's fields. */
export function useSaveMailTemplate(id: string) {
  return useMutation({
    mutationFn: (body: SaveMailTemplateBody) => call(mailTemplatesEndpoints.saveMailTemplate, { params: { id }, body }),
    meta: { handledStatuses: [422] },
    onSuccess: refresh,
  });
}

export function useRestoreMailTemplate(id: string) {
  return useMutation({
    mutationFn: () => call(mailTemplatesEndpoints.restoreMailTemplate, { params: { id } }),
    onSuccess: refresh,
  });
}

/** The value once it stopped changing for `ms`: typing does not ask the server on every key. */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * The draft rendered by the server with the sample values, 400 ms after the last keystroke; the
 * last good preview stays on screen while the next loads or while the draft has an error (a 422,
 * shown beside the fields, not as a toast).
 */
export function useMailTemplatePreview(id: string, draft: SaveMailTemplateBody) {
  const settled = useSettled(draft, 400);
  return useQuery({
    queryKey: mailTemplateKeys.preview(id, settled),
    queryFn: ({ signal }) =>
      call(mailTemplatesEndpoints.previewMailTemplate, { params: { id }, body: settled, signal }),
    placeholderData: keepPreviousData,
    retry: false,
    meta: { handledStatuses: [422] },
  });
}
