import { describe, expect, it } from 'vitest';
import {
  bucketLabel,
  bucketTitle,
  byteTicks,
  describeChange,
  formatCompact,
  formatMinorAmount,
  periodLabel,
} from './report-format.ts';

describe('describeChange', () => {
  it('signs the change in percent and gives its direction', () => {
    expect(describeChange(150, 100, 'en', 'New')).toEqual({ direction: 'up', text: '+50%' });
    expect(describeChange(2, 3, 'en', 'New')).toEqual({ direction: 'down', text: '-33.3%' });
    expect(describeChange(7, 7, 'en', 'New')).toEqual({ direction: 'flat', text: '0%' });
    expect(describeChange(0, 0, 'en', 'New')).toEqual({ direction: 'flat', text: '0%' });
  });

  it('says New when there was nothing before', () => {
    expect(describeChange(3, 0, 'en', 'New')).toEqual({ direction: 'up', text: 'New' });
  });
});

describe('bucket labels', () => {
  it('reads a day and a month of the zone without shifting them', () => {
    expect(bucketLabel('2025-03-01', 'day', 'en')).toBe('Mar 1');
    expect(bucketLabel('2025-03', 'month', 'en')).toBe('Mar 25');
    expect(bucketTitle('2025-03-01', 'day', 'en')).toBe('Sat, Mar 1, 2025');
    expect(bucketTitle('2025-03', 'month', 'en')).toBe('March 2025');
  });

  it('writes a period as one range', () => {
    expect(periodLabel('2025-03-01', '2025-03-31', 'en')).toBe('Mar 1 – 31, 2025');
    expect(periodLabel('2025-03-01', '2025-03-01', 'en')).toBe('Mar 1, 2025');
  });

  it('shortens big counts on axes', () => {
    expect(formatCompact(1234, 'en')).toBe('1.2K');
  });
});

describe('byteTicks', () => {
  it('steps by round numbers of one unit up to the maximum', () => {
    const MB = 1024 ** 2;
    expect(byteTicks(3 * MB)).toEqual([0, 1 * MB, 2 * MB, 3 * MB]);
    expect(byteTicks(6.5 * MB)).toEqual([0, 2 * MB, 4 * MB, 6 * MB, 8 * MB]);
    expect(byteTicks(900 * 1024)).toEqual([0, 250 * 1024, 500 * 1024, 750 * 1024, 1000 * 1024]);
    expect(byteTicks(0)).toEqual([0]);
    expect(byteTicks(10)).toEqual([0, 3, 6, 9, 12]);
  });
});

describe('formatMinorAmount', () => {
  it('reads minor units as money in the currency, without decimals when whole', () => {
    expect(formatMinorAmount(29800, 'INR', 'en-IN')).toBe('₹298');
    expect(formatMinorAmount(29850, 'INR', 'en-IN')).toBe('₹298.50');
    expect(formatMinorAmount(1234, 'USD', 'en')).toBe('$12.34');
    // A currency without minor units counts whole ones.
    expect(formatMinorAmount(500, 'JPY', 'en')).toBe('¥500');
    expect(formatMinorAmount(100, 'NOPE!', 'en')).toBe('100 NOPE!');
  });
});
