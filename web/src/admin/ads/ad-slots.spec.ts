import { describe, expect, it } from 'vitest';
import { adSlotsOf, slotError } from './ad-slots.ts';

describe('adSlotsOf', () => {
  it('fills the slots a stored value lacks', () => {
    expect(adSlotsOf({ drive: '<p>x</p>' })).toEqual({ landing_top: '', drive: '<p>x</p>', link_page: '' });
    expect(adSlotsOf(null)).toEqual({ landing_top: '', drive: '', link_page: '' });
  });
});

describe('slotError', () => {
  it('gives a slot only the message about it, without the key', () => {
    const message = 'ads.slots.drive: Keep the ad code to 20 KB.';
    expect(slotError(message, 'drive')).toBe('Keep the ad code to 20 KB.');
    expect(slotError(message, 'landing_top')).toBeUndefined();
  });

  it('puts a message about the whole setting on the first slot', () => {
    expect(slotError('Invalid value.', 'landing_top')).toBe('Invalid value.');
    expect(slotError('Invalid value.', 'drive')).toBeUndefined();
    expect(slotError(undefined, 'drive')).toBeUndefined();
  });
});
