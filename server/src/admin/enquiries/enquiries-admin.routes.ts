import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AdminEnquiriesPageSchema,
  AdminEnquiriesQuerySchema,
  AdminEnquiryResponseSchema,
  AdminBulkIdsSchema,
  BulkEnquiriesResponseSchema,
  BulkEnquiryStatusBodySchema,
  EnquiryReplyBodySchema,
  UpdateEnquiryBodySchema,
  idParam,
} from '@kosh/contracts';
import { z } from 'zod';
import type { AdminModule } from '../admin.module.ts';

const tags = ['admin'];
const params = z.object({ id: idParam() });

/** Enquiries from the public site, for staff (admin.access, as the admin layout guards them). */
export async function enquiriesAdminRoutes(app: FastifyInstance, deps: { admin: AdminModule }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const enquiries = deps.admin.enquiries;

  api.get('/admin/enquiries', {
    schema: {
      tags,
      summary: 'Contact and reseller enquiries (the calculator sends contact ones), newest first.',
      description: [
        'Permission admin.access. Filters: status (new, answered, archived), kind (contact, reseller), a date',
        'range; the search finds text in the name, address or message.',
      ].join(' '),
      querystring: AdminEnquiriesQuerySchema,
      response: { 200: AdminEnquiriesPageSchema },
    },
    handler: async (request) => enquiries.list(request.actor, request.query),
  });

  api.put('/admin/enquiries/:id', {
    schema: {
      tags,
      summary: "Set an enquiry's status: new, answered or archived.",
      description: 'Permission admin.access. Audited (enquiry.status). 404 for an unknown enquiry.',
      params,
      body: UpdateEnquiryBodySchema,
      response: { 200: AdminEnquiryResponseSchema },
    },
    handler: async (request) => ({
      enquiry: await enquiries.setStatus(
        { actor: request.actor, ip: request.ip },
        request.params.id,
        request.body.status,
      ),
    }),
  });

  api.post('/admin/enquiries/:id/reply', {
    schema: {
      tags,
      summary: 'Reply to the sender by mail; the enquiry becomes answered.',
      description: [
        "Permission admin.access. The mail quotes the sender's message under the reply. 503 when the mail",
        'cannot be sent (nothing changes; the outgoing email log keeps the failure). Audited (enquiry.reply).',
      ].join(' '),
      params,
      body: EnquiryReplyBodySchema,
      response: { 200: AdminEnquiryResponseSchema },
    },
    handler: async (request) => ({
      enquiry: await enquiries.reply({ actor: request.actor, ip: request.ip }, request.params.id, request.body),
    }),
  });

  api.post('/admin/enquiries/status', {
    schema: {
      tags,
      summary: 'Set the status of the enquiries picked in the table (new, answered or archived).',
      description: [
        'Permission admin.access. At most 100 ids; each answers ok, or not with why (an enquiry already',
        'deleted). Audited per enquiry whose status changed (enquiry.status).',
      ].join(' '),
      body: BulkEnquiryStatusBodySchema,
      response: { 200: BulkEnquiriesResponseSchema },
    },
    handler: async (request) =>
      enquiries.setStatusMany({ actor: request.actor, ip: request.ip }, request.body.ids, request.body.status),
  });

  api.post('/admin/enquiries/delete', {
    schema: {
      tags,
      summary: 'Delete the enquiries picked in the table for good.',
      description: [
        'Permission admin.access. At most 100 ids; each answers ok, or not with why (already deleted).',
        'Audited per enquiry (enquiry.delete) with its sender and date, not its message.',
      ].join(' '),
      body: AdminBulkIdsSchema,
      response: { 200: BulkEnquiriesResponseSchema },
    },
    handler: async (request) => enquiries.deleteMany({ actor: request.actor, ip: request.ip }, request.body.ids),
  });
}
