import { z } from 'zod';

/**
 * The ad slots of the site (spec part 2, 6 "ads"; BeDrive's ads.landing-top, ads.drive and
 * ads.file-preview): the top of the landing page, the user's drive page, the shareable link page.
 */
export const AD_SLOTS = ['landing_top', 'drive', 'link_page'] as const;
export const AdSlotSchema = z.enum(AD_SLOTS);
export type AdSlot = z.infer<typeof AdSlotSchema>;

/** Bytes of ad network code one slot may hold. */
export const AD_SNIPPET_MAX_BYTES = 20 * 1024;

/** Where each slot's ad appears (the server serves it at /ads/:slot, inside a sandboxed frame). */
export const adSlotPath = (slot: AdSlot): string => `/ads/${slot}`;

/** Bytes of a string in UTF-8 (contracts run without DOM or Node types, so no TextEncoder). */
export function utf8Length(s: string): number {
  let bytes = 0;
  for (const ch of s) {
    const code = ch.codePointAt(0) ?? 0;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
}
const snippet = z
  .string()
  .refine((s) => utf8Length(s) <= AD_SNIPPET_MAX_BYTES, `Keep the ad code to ${AD_SNIPPET_MAX_BYTES / 1024} KB.`);

/** The `ads.slots` setting: each slot's HTML snippet (ad network code); empty shows no ad there. */
export const AdSlotsSettingSchema = z.object({ landing_top: snippet, drive: snippet, link_page: snippet }).strict();
export type AdSlotsSetting = z.infer<typeof AdSlotsSettingSchema>;

/** What bootstrap data says of ads: which slots this visitor sees, never their code. */
export const ClientAdsSchema = z.object({ slots: z.array(AdSlotSchema) });
export type ClientAds = z.infer<typeof ClientAdsSchema>;
