// The enquiry forms' plain values: the landing page reads them without the zod schemas of enquiries.ts.

/** Message length of an enquiry: room for a calculator quote and a paragraph or two. */
export const MAX_ENQUIRY_MESSAGE = 5000;
/** Large-storage offer (spec part 2, 9): 0.15 rupee per GB per month, from more than 5 TB. */
export const LARGE_STORAGE_RATE_PER_GB = 0.15;
export const LARGE_STORAGE_MIN_TB = 5;

/** What the contact page shows after a send (spec part 2, 8). */
export const ENQUIRY_SENT_MESSAGE = 'Your message has been submitted.';
