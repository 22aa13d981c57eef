import type { SettingsReader } from '../settings/settings.service.ts';
import { AdsService, type HasValidSubscription } from './ads.service.ts';

/**
 * Where a paid plan will switch ads off: billing (issue 18) stores no subscriptions yet, so no
 * user holds one. When it does, answer from the user's valid subscriptions here.
 */
const hasValidSubscription: HasValidSubscription = async () => false;

/** Ads (spec part 2, 6): the slots a visitor sees and the frames that serve them. */
export function createAdsModule(deps: { settings: SettingsReader }) {
  return { service: new AdsService({ settings: deps.settings, hasValidSubscription }) };
}

export type AdsModule = ReturnType<typeof createAdsModule>;
