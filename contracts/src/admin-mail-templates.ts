import { z } from 'zod';

// The admin area's mail templates: every mail Kosh sends, with a subject, an HTML body and a
// plain-text body that staff may edit. {{name}} inserts a variable (escaped); {{#name}}...{{/name}}
// shows a part only when the variable is not empty, {{^name}}...{{/name}} only when it is.

/** A subject is one header line; mail servers fold longer ones. */
export const MAIL_TEMPLATE_SUBJECT_MAX = 255;
/** Each body, in bytes of UTF-8: a mail is a page of text, never a document. */
export const MAIL_TEMPLATE_BODY_MAX_BYTES = 100 * 1024;

/** UTF-8 length without TextEncoder (contracts build for a runtime-free lib). */
function utf8Bytes(s: string): number {
  let n = 0;
  for (const ch of s) {
    const c = ch.codePointAt(0) ?? 0;
    n += c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4;
  }
  return n;
}
const body = (label: string) =>
  z.string({ error: `The ${label} is required.` }).refine((s) => utf8Bytes(s) <= MAIL_TEMPLATE_BODY_MAX_BYTES, {
    error: `The ${label} may be at most ${MAIL_TEMPLATE_BODY_MAX_BYTES / 1024} KB.`,
  });

export const MailTemplateVariableSchema = z.object({
  name: z.string(),
  description: z.string(),
  /** What the preview shows for it. */
  sample: z.string(),
});
export type MailTemplateVariable = z.infer<typeof MailTemplateVariableSchema>;

export const MailTemplateSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  /** Staff saved an edit: the mail is not the default any more. */
  customized: z.boolean(),
  /** When the edit was saved; null for a default. */
  updated_at: z.string().nullable(),
});
export type MailTemplateSummary = z.infer<typeof MailTemplateSummarySchema>;

export const MailTemplatesResponseSchema = z.object({ templates: z.array(MailTemplateSummarySchema) });
export type MailTemplatesResponse = z.infer<typeof MailTemplatesResponseSchema>;

export const SaveMailTemplateBodySchema = z.object({
  subject: z
    .string({ error: 'The subject is required.' })
    .trim()
    .min(1, { error: 'The subject is required.' })
    .max(MAIL_TEMPLATE_SUBJECT_MAX, { error: `The subject may be at most ${MAIL_TEMPLATE_SUBJECT_MAX} characters.` }),
  html: body('HTML body'),
  text: body('plain-text body'),
});
export type SaveMailTemplateBody = z.infer<typeof SaveMailTemplateBodySchema>;

export const MailTemplateSchema = MailTemplateSummarySchema.extend({
  subject: z.string(),
  html: z.string(),
  text: z.string(),
  variables: z.array(MailTemplateVariableSchema),
});
export type MailTemplate = z.infer<typeof MailTemplateSchema>;

export const MailTemplateResponseSchema = z.object({ template: MailTemplateSchema });
export type MailTemplateResponse = z.infer<typeof MailTemplateResponseSchema>;

/** The unsaved subject and bodies rendered with each variable's sample, the HTML inside the mail's frame. */
export const MailTemplatePreviewSchema = z.object({ subject: z.string(), html: z.string(), text: z.string() });
export type MailTemplatePreview = z.infer<typeof MailTemplatePreviewSchema>;
