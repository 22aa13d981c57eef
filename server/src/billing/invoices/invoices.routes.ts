import { create as contentDisposition } from 'content-disposition';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { GetInvoiceResponseSchema, InvoiceIdParamsSchema } from '@kosh/contracts';
import type { InvoicesService } from './invoices.service.ts';

const tags = ['billing'];

/** One invoice of the payment history: the printable page's data and the PDF download. */
export async function invoicesRoutes(app: FastifyInstance, deps: { invoices: InvoicesService }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { invoices } = deps;

  api.get('/billing/invoices/:invoiceId', {
    schema: {
      tags,
      summary: 'One of the user’s invoices with the seller’s and the buyer’s details (the printable invoice).',
      description: 'Login required. 404 for an invoice of another user or none; staff too see only their own here.',
      params: InvoiceIdParamsSchema,
      response: { 200: GetInvoiceResponseSchema },
    },
    handler: async (request) => invoices.document(request.actor, request.params.invoiceId),
  });

  api.get('/billing/invoices/:invoiceId/pdf', {
    schema: {
      tags,
      summary: 'The invoice as a PDF file to save (an attachment named invoice-INV-000123.pdf).',
      description: 'Login required. 404 for an invoice of another user or none.',
      params: InvoiceIdParamsSchema,
    },
    handler: async (request, reply) => {
      const { filename, stream } = await invoices.pdf(request.actor, request.params.invoiceId);
      reply.headers({
        'content-type': 'application/pdf',
        'content-disposition': contentDisposition(filename),
        'cache-control': 'private, no-store',
        'x-content-type-options': 'nosniff',
      });
      return reply.send(stream);
    },
  });
}
