import { z } from 'zod';
import { emailField, requiredString } from './fields.ts';

/** Message length of an enquiry: room for a calculator quote and a paragraph or two. */
export const MAX_ENQUIRY_MESSAGE = 5000;
/** Large-storage offer (spec part 2, 9): 0.15 rupee per GB per month, from more than 5 TB. */
export const LARGE_STORAGE_RATE_PER_GB = 0.15;
export const LARGE_STORAGE_MIN_TB = 5;

/**
 * The four fields of the contact, reseller and calculator-contact forms (spec part 2, 3
 * "Enquiry forms"); all required (part 2, 5). The human check's proof travels in the cookie
 * POST recaptcha/verify sets, as for registration.
 */
export const SendEnquiryBodySchema = z.object({
  name: requiredString('name', 100),
  email: emailField(),
  mobileNumber: requiredString('mobile number', 20).pipe(
    z.string().regex(/^\+?[0-9][0-9 -]{5,18}$/, 'The mobile number must be a phone number of digits.'),
  ),
  message: requiredString('message', MAX_ENQUIRY_MESSAGE),
});
export type SendEnquiryBody = z.infer<typeof SendEnquiryBodySchema>;

export const SendEnquiryResponseSchema = z.object({ message: z.string() });
export type SendEnquiryResponse = z.infer<typeof SendEnquiryResponseSchema>;

/** What the contact page shows after a send (spec part 2, 8). */
export const ENQUIRY_SENT_MESSAGE = 'Your message has been submitted.';
