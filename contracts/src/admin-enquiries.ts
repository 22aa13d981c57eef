import { z } from 'zod';
import { AdminBulkIdsSchema, adminListQuery, adminPage, dateFilter } from './admin.ts';
import { requiredString } from './fields.ts';

// The admin area's enquiries: what visitors sent from the contact page, the reseller form and
// the storage calculator, with their handling state and a reply by mail.

export const ENQUIRY_STATUSES = ['new', 'answered', 'archived'] as const;
export type EnquiryStatus = (typeof ENQUIRY_STATUSES)[number];

export const AdminEnquiriesQuerySchema = adminListQuery(['created_at'] as const).extend({
  status: z.enum(ENQUIRY_STATUSES, { error: 'The status must be new, answered or archived.' }).optional(),
  kind: z.enum(['contact', 'reseller'], { error: 'The kind must be contact or reseller.' }).optional(),
  from: dateFilter(),
  to: dateFilter(),
});
export type AdminEnquiriesQuery = z.infer<typeof AdminEnquiriesQuerySchema>;

export const AdminEnquirySchema = z.object({
  id: z.number().int(),
  kind: z.enum(['contact', 'reseller']),
  name: z.string(),
  email: z.string(),
  mobile_number: z.string(),
  message: z.string(),
  status: z.enum(ENQUIRY_STATUSES),
  /** The sender's account when they were signed in. */
  user_id: z.number().int().nullable(),
  /** When the enquiry reached the contact address; null when that mail failed. */
  mailed_at: z.string().nullable(),
  replied_at: z.string().nullable(),
  created_at: z.string(),
});
export type AdminEnquiry = z.infer<typeof AdminEnquirySchema>;

export const AdminEnquiriesPageSchema = adminPage(AdminEnquirySchema);
export type AdminEnquiriesPage = z.infer<typeof AdminEnquiriesPageSchema>;

export const AdminEnquiryResponseSchema = z.object({ enquiry: AdminEnquirySchema });

export const UpdateEnquiryBodySchema = z.object({
  status: z.enum(ENQUIRY_STATUSES, { error: 'The status must be new, answered or archived.' }),
});
export type UpdateEnquiryBody = z.infer<typeof UpdateEnquiryBodySchema>;

/** A status for the picked enquiries (the table's bulk Archive). */
export const BulkEnquiryStatusBodySchema = AdminBulkIdsSchema.extend(UpdateEnquiryBodySchema.shape);
export type BulkEnquiryStatusBody = z.infer<typeof BulkEnquiryStatusBodySchema>;
/** Each picked enquiry answers for itself: ok, or why not (one already deleted). */
export const BulkEnquiriesResponseSchema = z.object({
  results: z.array(z.object({ id: z.number().int(), ok: z.boolean(), message: z.string().optional() })),
});
export type BulkEnquiriesResponse = z.infer<typeof BulkEnquiriesResponseSchema>;

export const MAX_ENQUIRY_REPLY = 10_000;
export const EnquiryReplyBodySchema = z.object({
  subject: requiredString('subject', 200),
  message: requiredString('message', MAX_ENQUIRY_REPLY),
});
export type EnquiryReplyBody = z.infer<typeof EnquiryReplyBodySchema>;
