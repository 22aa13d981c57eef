import { describe, expect, it } from 'vitest';
import type { AdminUserDetail } from '@kosh/contracts';
import { detailsBody, detailsFieldOf, detailsValues, spaceBytes } from './user-details-form.ts';

const GB = 1024 ** 3;
const user = (over: Partial<AdminUserDetail> = {}) =>
  ({
    first_name: null,
    last_name: 'Lee',
    available_space: null,
    email_verified_at: null,
    role_ids: [2, 5],
    ...over,
  }) as AdminUserDetail;

describe('detailsValues', () => {
  it('shows an inherited space as an empty field in GB', () => {
    expect(detailsValues(user())).toEqual({
      first_name: '',
      last_name: 'Lee',
      space_amount: '',
      space_unit: 'GB',
      email_verified: false,
      roles: ['2', '5'],
    });
  });

  it('shows an override in the largest unit it is a whole number of', () => {
    expect(detailsValues(user({ available_space: 512 * 1024 ** 2 }))).toMatchObject({
      space_amount: '512',
      space_unit: 'MB',
    });
    expect(detailsValues(user({ available_space: 2 * GB, email_verified_at: '2026-01-01' }))).toMatchObject({
      space_amount: '2',
      space_unit: 'GB',
      email_verified: true,
    });
  });
});

describe('spaceBytes', () => {
  it('reads an empty field as inherit and amounts of a unit as bytes', () => {
    expect(spaceBytes('  ', 'GB')).toBeNull();
    expect(spaceBytes('1.5', 'GB')).toBe(1.5 * GB);
    expect(spaceBytes('1,5', 'GB')).toBe(1.5 * GB);
    expect(spaceBytes('0', 'TB')).toBe(0);
  });

  it('refuses what is not a plain non-negative number', () => {
    for (const text of ['-1', 'ten', '1e3', '1.2.3']) expect(spaceBytes(text, 'GB')).toBeUndefined();
  });
});

describe('detailsBody', () => {
  it('sends empty names as null and roles only when they could be picked', () => {
    const values = detailsValues(user());
    expect(detailsBody(values, GB, false)).toEqual({
      first_name: null,
      last_name: 'Lee',
      available_space: GB,
      email_verified: false,
    });
    expect(detailsBody(values, null, true).roles).toEqual([2, 5]);
  });
});

describe('detailsFieldOf', () => {
  it('puts the server’s keys on the fields that show them', () => {
    expect(detailsFieldOf('available_space')).toBe('space_amount');
    expect(detailsFieldOf('roles.1')).toBe('roles');
    expect(detailsFieldOf('first_name')).toBe('first_name');
    expect(detailsFieldOf('language')).toBeUndefined();
  });
});
