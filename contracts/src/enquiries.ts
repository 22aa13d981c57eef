import { z } from 'zod';
import { MAX_ENQUIRY_MESSAGE } from './enquiry-constants.ts';
import { emailField, requiredString } from './fields.ts';

export * from './enquiry-constants.ts';

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
