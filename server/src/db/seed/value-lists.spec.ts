import { describe, it, expect } from 'vitest';
import { formatUtcOffset, listCountries, listStates, listTimezones } from './value-lists.ts';

describe('listCountries', () => {
  it('numbers India 101 with code IN, as the countries-states-cities database does', () => {
    const india = listCountries().find((c) => c.code === 'IN');
    expect(india).toEqual({ id: 101, code: 'IN', name: 'India' });
  });

  it('keeps the database ids of other countries stable', () => {
    const byCode = new Map(listCountries().map((c) => [c.code, c.id]));
    expect(byCode.get('AF')).toBe(1);
    expect(byCode.get('US')).toBe(233);
    expect(byCode.get('GB')).toBe(232);
    expect(byCode.get('XK')).toBe(248);
  });

  it('gives unique ids from 1 upwards', () => {
    const ids = listCountries().map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids[0]).toBe(1);
  });
});

describe('listStates', () => {
  it('lists the states and union territories of India', () => {
    const states = listStates(101);
    expect(states.length).toBeGreaterThanOrEqual(36);
    expect(states.every((s) => s.country_id === 101)).toBe(true);
    expect(states.map((s) => s.name)).toContain('Maharashtra');
    expect(states.find((s) => s.code === 'DL')?.name).toBe('Delhi');
  });

  it('keeps state ids stable (the package order)', () => {
    const ids = new Map(listStates(101).map((s) => [s.code, s.id]));
    const again = new Map(listStates(101).map((s) => [s.code, s.id]));
    expect(ids).toEqual(again);
    expect(new Set(ids.values()).size).toBe(ids.size);
  });

  it('answers an empty list for an unknown country', () => {
    expect(listStates(999_999)).toEqual([]);
  });
});

describe('listTimezones', () => {
  const zones = listTimezones(new Date('2025-01-15T12:00:00Z'));

  it('groups zones by the region before the first slash', () => {
    expect(Object.keys(zones)).toEqual(expect.arrayContaining(['Africa', 'America', 'Asia', 'Europe', 'Pacific']));
    for (const [region, list] of Object.entries(zones)) {
      for (const zone of list) expect(zone.value === region || zone.value.startsWith(`${region}/`)).toBe(true);
    }
  });

  it('includes Asia/Kolkata at +05:30 under its current name', () => {
    expect(zones.Asia).toContainEqual({ value: 'Asia/Kolkata', text: '(UTC+05:30) Asia/Kolkata' });
    expect(zones.Asia.some((z) => z.value === 'Asia/Calcutta')).toBe(false);
  });

  it('puts UTC in its own group', () => {
    expect(zones.UTC).toEqual([{ value: 'UTC', text: '(UTC+00:00) UTC' }]);
  });

  it('shows the offset in force on the given date', () => {
    expect(formatUtcOffset('America/New_York', new Date('2025-01-15T12:00:00Z'))).toBe('(UTC-05:00)');
    expect(formatUtcOffset('America/New_York', new Date('2025-07-15T12:00:00Z'))).toBe('(UTC-04:00)');
  });
});
