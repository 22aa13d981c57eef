import { AD_SLOTS, type AdSlot, type AdSlotsSetting, Permission } from '@kosh/contracts';
import type { Actor } from '../auth/actor.ts';
import type { SettingsReader } from '../settings/settings.service.ts';

/** Whether a signed-in user holds a valid subscription to a paid plan (billing decides; spec part 2, 5). */
export type HasValidSubscription = (userId: number) => Promise<boolean>;

/**
 * Who is shown ads (spec part 2, 6 "ads"): nobody on a paid plan, and not staff, who see the site
 * as they set it up. Every ad decision (bootstrap data and /ads/:slot) goes through here.
 */
export async function visitorSeesAds(actor: Actor, hasValidSubscription: HasValidSubscription): Promise<boolean> {
  if (actor.can(Permission.adminAccess)) return false;
  if (actor.user && (await hasValidSubscription(actor.user.id))) return false;
  return true;
}

export const isAdSlot = (slot: string): slot is AdSlot => (AD_SLOTS as readonly string[]).includes(slot);

/** The ad slots of the site: which ones a visitor sees, and the code of one to serve in its frame. */
export class AdsService {
  private readonly settings: SettingsReader;
  private readonly hasValidSubscription: HasValidSubscription;
  constructor(deps: { settings: SettingsReader; hasValidSubscription: HasValidSubscription }) {
    this.settings = deps.settings;
    this.hasValidSubscription = deps.hasValidSubscription;
  }

  /** The slots with ad code, while ads are on; none for a visitor who sees no ads. */
  async activeSlots(actor: Actor): Promise<AdSlot[]> {
    const snippets = await this.snippets();
    if (!snippets) return [];
    const filled = AD_SLOTS.filter((slot) => snippets[slot].trim() !== '');
    if (!filled.length || !(await visitorSeesAds(actor, this.hasValidSubscription))) return [];
    return filled;
  }

  /** The ad code of a slot for this visitor; undefined when the slot is unknown, empty, off or not theirs. */
  async snippetFor(actor: Actor, slot: string): Promise<string | undefined> {
    if (!isAdSlot(slot)) return undefined;
    const code = (await this.snippets())?.[slot] ?? '';
    if (code.trim() === '' || !(await visitorSeesAds(actor, this.hasValidSubscription))) return undefined;
    return code;
  }

  /** Every slot's code, or undefined while ads are disabled. */
  private async snippets(): Promise<AdSlotsSetting | undefined> {
    if (await this.settings.get<boolean>('ads.disable')) return undefined;
    const stored = await this.settings.get<Partial<AdSlotsSetting>>('ads.slots');
    return { landing_top: '', drive: '', link_page: '', ...stored };
  }
}
