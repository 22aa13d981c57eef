import { useMutation } from '@tanstack/react-query';
import {
  AdminEnquiriesPageSchema,
  AdminEnquiriesQuerySchema,
  AdminEnquiryResponseSchema,
  AdminBulkIdsSchema,
  BulkEnquiriesResponseSchema,
  BulkEnquiryStatusBodySchema,
  EnquiryReplyBodySchema,
  idParam,
  UpdateEnquiryBodySchema,
  type EnquiryReplyBody,
  type EnquiryStatus,
} from '@kosh/contracts';
import type { EndpointDefinition } from '@kosh/contracts/endpoints';
import { z } from 'zod';
import { call } from '../../api/call.ts';
import { queryClient } from '../../api/query-client.ts';
import type { ListQuery } from '../table/useAdminList.ts';

const params = z.object({ id: idParam() });

// The admin enquiry routes are not in the shared endpoint table yet; declared here with their schemas.
const enquiryEndpoints = {
  list: {
    method: 'GET',
    path: 'admin/enquiries',
    query: AdminEnquiriesQuerySchema,
    response: AdminEnquiriesPageSchema,
  },
  update: {
    method: 'PUT',
    path: 'admin/enquiries/:id',
    params,
    body: UpdateEnquiryBodySchema,
    response: AdminEnquiryResponseSchema,
  },
  reply: {
    method: 'POST',
    path: 'admin/enquiries/:id/reply',
    params,
    body: EnquiryReplyBodySchema,
    response: AdminEnquiryResponseSchema,
  },
  setStatusMany: {
    method: 'POST',
    path: 'admin/enquiries/status',
    body: BulkEnquiryStatusBodySchema,
    response: BulkEnquiriesResponseSchema,
  },
  deleteMany: {
    method: 'POST',
    path: 'admin/enquiries/delete',
    body: AdminBulkIdsSchema,
    response: BulkEnquiriesResponseSchema,
  },
} as const satisfies Record<string, EndpointDefinition>;

/** Query keys of the enquiries screen. */
export const enquiryKeys = {
  all: ['admin', 'enquiries'] as const,
};

/** One page of enquiries (GET admin/enquiries, admin.access). */
export function fetchEnquiries(query: ListQuery, signal: AbortSignal) {
  return call(enquiryEndpoints.list, { query, signal });
}

const refreshEnquiries = () => queryClient.invalidateQueries({ queryKey: enquiryKeys.all });

/** Sets the status of the picked enquiries (POST admin/enquiries/status); the list reads again after. */
export function setEnquiriesStatus(ids: number[], status: EnquiryStatus) {
  return call(enquiryEndpoints.setStatusMany, { body: { ids, status } }).finally(refreshEnquiries);
}

/** Deletes the picked enquiries (POST admin/enquiries/delete); the list reads again after. */
export function deleteEnquiries(ids: number[]) {
  return call(enquiryEndpoints.deleteMany, { body: { ids } }).finally(refreshEnquiries);
}

/** Sets an enquiry's status (PUT admin/enquiries/{id}); the list reads again after. */
export function useSetEnquiryStatus() {
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: EnquiryStatus }) =>
      call(enquiryEndpoints.update, { params: { id }, body: { status } }).then((r) => r.enquiry),
    onSuccess: refreshEnquiries,
  });
}

/**
 * Mails a reply (POST admin/enquiries/{id}/reply). The dialog shows 422 on its fields and a
 * failed mail (503) in itself, keeping the text, so no toast for those.
 */
export function useReplyToEnquiry() {
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: EnquiryReplyBody }) =>
      call(enquiryEndpoints.reply, { params: { id }, body }).then((r) => r.enquiry),
    meta: { handledStatuses: [422, 503] },
    onSuccess: refreshEnquiries,
  });
}
