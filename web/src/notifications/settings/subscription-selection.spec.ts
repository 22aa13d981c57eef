import { describe, expect, it } from 'vitest';
import type { NotificationSubscriptions } from '@kosh/contracts';
import {
  groupState,
  selectionsFrom,
  setChannel,
  settingsPageRedirect,
  toUpdateBody,
} from './subscription-selection.ts';

const data: NotificationSubscriptions = {
  available_channels: ['email', 'browser'],
  subscriptions: {
    Sharing: [
      { notif_id: 'file-entry-shared', name: 'Shared with me' },
      { notif_id: 'shared-folder-upload', name: 'Uploads' },
    ],
    Security: [{ notif_id: 'new-sign-in', name: 'New sign-in' }],
  },
  user_selections: [
    { notif_id: 'file-entry-shared', channels: { email: true, browser: false } },
    { notif_id: 'new-sign-in', channels: { email: true, browser: true } },
  ],
};
const sharing = ['file-entry-shared', 'shared-folder-upload'];

describe('subscription selection', () => {
  it('starts from the user selections, types without one all off', () => {
    expect(selectionsFrom(data)).toEqual({
      'file-entry-shared': { email: true, browser: false },
      'shared-folder-upload': { email: false, browser: false },
      'new-sign-in': { email: true, browser: true },
    });
  });

  it('shows a group as indeterminate when only some members are on', () => {
    const sut = selectionsFrom(data);
    expect(groupState(sut, sharing, 'email')).toEqual({ isSelected: false, isIndeterminate: true });
    expect(groupState(sut, sharing, 'browser')).toEqual({ isSelected: false, isIndeterminate: false });
    expect(groupState(sut, ['new-sign-in'], 'email')).toEqual({ isSelected: true, isIndeterminate: false });
    expect(groupState(sut, [], 'email')).toEqual({ isSelected: false, isIndeterminate: false });
  });

  it('toggles a channel for the whole group, leaving others and the other channel alone', () => {
    const on = setChannel(selectionsFrom(data), sharing, 'email', true);
    expect(groupState(on, sharing, 'email')).toEqual({ isSelected: true, isIndeterminate: false });
    expect(on['new-sign-in']).toEqual({ email: true, browser: true });
    expect(on['file-entry-shared'].browser).toBe(false);
    const off = setChannel(on, sharing, 'email', false);
    expect(groupState(off, sharing, 'email')).toEqual({ isSelected: false, isIndeterminate: false });
  });

  it('turns one member on, making its group indeterminate', () => {
    const sut = setChannel(selectionsFrom(data), ['shared-folder-upload'], 'browser', true);
    expect(groupState(sut, sharing, 'browser')).toEqual({ isSelected: false, isIndeterminate: true });
  });

  it('sends every type with its channels', () => {
    expect(toUpdateBody(selectionsFrom(data)).selections).toEqual([
      { notif_id: 'file-entry-shared', channels: { email: true, browser: false } },
      { notif_id: 'shared-folder-upload', channels: { email: false, browser: false } },
      { notif_id: 'new-sign-in', channels: { email: true, browser: true } },
    ]);
  });
});

describe('settingsPageRedirect', () => {
  it('sends the user home when subscriptions are not integrated or there are none', () => {
    expect(settingsPageRedirect(false, data)).toBe('/');
    expect(settingsPageRedirect(true, { ...data, subscriptions: {} })).toBe('/');
    expect(settingsPageRedirect(true, { ...data, subscriptions: { Sharing: [] } })).toBe('/');
  });

  it('shows the page while loading and when there are subscriptions', () => {
    expect(settingsPageRedirect(true, undefined)).toBeNull();
    expect(settingsPageRedirect(true, data)).toBeNull();
  });
});
