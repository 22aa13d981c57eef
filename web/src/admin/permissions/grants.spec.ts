import { describe, expect, it } from 'vitest';
import { grantErrors, joinBytes, restrictionValue, setRestriction, splitBytes, toggleGrant } from './grants.ts';

const GB = 1024 ** 3;

describe('toggleGrant', () => {
  it('adds a permission once with no restriction, and takes it away', () => {
    const on = toggleGrant([], 'files.create', true);
    expect(on).toEqual([{ name: 'files.create', restrictions: [] }]);
    expect(toggleGrant(on, 'files.create', true)).toEqual(on);
    expect(toggleGrant(on, 'files.create', false)).toEqual([]);
  });
});

describe('setRestriction', () => {
  const grants = [{ name: 'links.create', restrictions: [] }];

  it('sets a number or unlimited, and leaves it out for undefined', () => {
    const five = setRestriction(grants, 'links.create', 'count', 5);
    expect(restrictionValue(five, 'links.create', 'count')).toBe(5);
    const unlimited = setRestriction(five, 'links.create', 'count', null);
    expect(unlimited[0]?.restrictions).toEqual([{ name: 'count', value: null }]);
    expect(restrictionValue(setRestriction(five, 'links.create', 'count', undefined), 'links.create', 'count')).toBe(
      undefined,
    );
  });
});

describe('splitBytes and joinBytes', () => {
  it('reads a size in the largest whole unit and back', () => {
    expect(splitBytes(2 * GB)).toEqual({ amount: 2, unit: 'GB' });
    expect(splitBytes(1024 * GB)).toEqual({ amount: 1, unit: 'TB' });
    expect(splitBytes(1.5 * GB)).toEqual({ amount: 1536, unit: 'MB' });
    expect(splitBytes(0)).toEqual({ amount: 0, unit: 'MB' });
    expect(joinBytes(2, 'GB')).toBe(2 * GB);
    expect(joinBytes(1.5, 'GB')).toBe(1.5 * GB);
    expect(joinBytes(Number.NaN, 'GB')).toBeUndefined();
    expect(joinBytes(-1, 'MB')).toBeUndefined();
  });
});

describe('grantErrors', () => {
  it('names the permission of each indexed error and keeps the general one', () => {
    const sent = [
      { name: 'files.view', restrictions: [] },
      { name: 'roles.update', restrictions: [] },
    ];
    expect(
      grantErrors({ 'permissions.1.name': ['Staff only.'], permissions: ['Keep one admin.'], name: ['Taken.'] }, sent),
    ).toEqual({ byName: { 'roles.update': 'Staff only.' }, general: 'Keep one admin.' });
  });
});
