import { useMutation } from '@tanstack/react-query';
import type { SendEnquiryBody } from '@kosh/contracts';
import { endpoints } from '@kosh/contracts/endpoints';
import { call } from './call.ts';

export type EnquiryKind = 'contact' | 'reseller';

/** The enquiry calls of spec part 2, 7: POST contact-page and POST reseller, the same four fields. */
export const enquiriesApi = {
  sendContact: (body: SendEnquiryBody) => call(endpoints.sendContactEnquiry, { body }),
  sendReseller: (body: SendEnquiryBody) => call(endpoints.sendResellerEnquiry, { body }),
};

/**
 * Sends one enquiry; the form shows field errors, the human-check refusal and 429 itself, so
 * the general error toast stays out of the way.
 */
export function useSendEnquiry(kind: EnquiryKind) {
  return useMutation({
    mutationFn: kind === 'contact' ? enquiriesApi.sendContact : enquiriesApi.sendReseller,
    meta: { handledStatuses: 'all' },
  });
}
