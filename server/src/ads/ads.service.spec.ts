import { describe, expect, it } from 'vitest';
import { Permission } from '@kosh/contracts';
import { Actor } from '../auth/actor.ts';
import { AdsService, visitorSeesAds } from './ads.service.ts';

const guest = () => new Actor(null, [], []);
const user = (...permissions: string[]) =>
  new Actor(
    { id: 7, email: 'u@example.test' },
    [],
    permissions.map((name, id) => ({ id, name, restrictions: [] })),
  );
const noSubscription = async () => false;

function setup(values: Record<string, unknown>, hasValidSubscription = noSubscription) {
  const settings = { get: async <T>(key: string) => values[key] as T };
  return new AdsService({ settings, hasValidSubscription });
}

describe('visitorSeesAds', () => {
  it('shows ads to visitors and users, not to staff or to a user with a valid subscription', async () => {
    expect(await visitorSeesAds(guest(), noSubscription)).toBe(true);
    expect(await visitorSeesAds(user(Permission.filesCreate), noSubscription)).toBe(true);
    expect(await visitorSeesAds(user(Permission.adminAccess), noSubscription)).toBe(false);
    expect(await visitorSeesAds(user(Permission.admin), noSubscription)).toBe(false);
    expect(await visitorSeesAds(user(), async (id) => id === 7)).toBe(false);
  });
});

describe('AdsService', () => {
  const slots = { landing_top: '<p>top</p>', drive: ' ', link_page: '<p>link</p>' };

  it('lists the slots holding code while ads are on', async () => {
    const sut = setup({ 'ads.disable': false, 'ads.slots': slots });
    expect(await sut.activeSlots(guest())).toEqual(['landing_top', 'link_page']);
    expect(await sut.activeSlots(user(Permission.adminAccess))).toEqual([]);
  });

  it('lists none and serves nothing while ads are disabled', async () => {
    const sut = setup({ 'ads.disable': true, 'ads.slots': slots });
    expect(await sut.activeSlots(guest())).toEqual([]);
    expect(await sut.snippetFor(guest(), 'landing_top')).toBeUndefined();
  });

  it('serves the code of a filled slot only', async () => {
    const sut = setup({ 'ads.disable': false, 'ads.slots': slots });
    expect(await sut.snippetFor(guest(), 'landing_top')).toBe('<p>top</p>');
    expect(await sut.snippetFor(guest(), 'drive')).toBeUndefined();
    expect(await sut.snippetFor(guest(), 'sidebar')).toBeUndefined();
    expect(await sut.snippetFor(guest(), 'toString')).toBeUndefined();
    expect(await sut.snippetFor(user(Permission.adminAccess), 'landing_top')).toBeUndefined();
  });
});
