import type { AdSlot, AdSlotsSetting } from '@kosh/contracts/ads';

/** Each slot as the Ads screen describes it, in the order it lists them (BeDrive's ads page). */
export const AD_SLOT_INFO: readonly { slot: AdSlot; title: string; where: string }[] = [
  { slot: 'landing_top', title: 'Top of the landing page', where: 'Above the hero of the landing page, for visitors.' },
  { slot: 'drive', title: 'Drive page', where: 'Above the file list of the user’s drive.' },
  { slot: 'link_page', title: 'Shared file preview page', where: 'Under the header of a shareable link’s page.' },
];

export const EMPTY_AD_SLOTS: AdSlotsSetting = { landing_top: '', drive: '', link_page: '' };

/** The stored `ads.slots` value with every slot present, whatever an older value lacks. */
export function adSlotsOf(value: unknown): AdSlotsSetting {
  const stored = typeof value === 'object' && value !== null ? (value as Partial<AdSlotsSetting>) : {};
  return { ...EMPTY_AD_SLOTS, ...stored };
}

/**
 * The server's message for `ads.slots` names the slot it is about ('ads.slots.drive: Keep...'):
 * the slot's own message without that prefix, or undefined when it is about another slot.
 */
export function slotError(message: string | undefined, slot: AdSlot): string | undefined {
  if (!message) return undefined;
  const match = /^ads\.slots\.([a-z_]+): (.*)$/s.exec(message);
  if (!match) return slot === AD_SLOT_INFO[0]?.slot ? message : undefined;
  return match[1] === slot ? match[2] : undefined;
}
