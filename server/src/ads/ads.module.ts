import type { SettingsReader } from '../settings/settings.service.ts';
import { AdsService, type HasValidSubscription } from './ads.service.ts';

/**
 * Ads (spec part 2, 6): the slots a visitor sees and the frames that serve them. A user holding a
 * valid subscription (billing decides; wired in modules.ts) sees none.
 */
export function createAdsModule(deps: { settings: SettingsReader; hasValidSubscription: HasValidSubscription }) {
  return { service: new AdsService({ settings: deps.settings, hasValidSubscription: deps.hasValidSubscription }) };
}

export type AdsModule = ReturnType<typeof createAdsModule>;
