import { describe, expect, it } from 'vitest';
import { firstEndDay, suspendBody, SuspendFormSchema } from './suspend-form.ts';

describe('SuspendFormSchema', () => {
  it('takes a permanent suspension without a day', () => {
    expect(SuspendFormSchema.safeParse({ permanent: true, until: '', reason: '' }).success).toBe(true);
  });

  it('asks for the end day when not permanent', () => {
    const result = SuspendFormSchema.safeParse({ permanent: false, until: '', reason: '' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: ['until'], message: 'Pick the day the suspension ends.' });
  });

  it('refuses a day the calendar has not', () => {
    const result = SuspendFormSchema.safeParse({ permanent: false, until: '2027-02-30', reason: '' });
    expect(result.error?.issues[0]).toMatchObject({ path: ['until'], message: 'The end date is not a real date.' });
  });

  it('refuses a reason over 250 characters', () => {
    const result = SuspendFormSchema.safeParse({ permanent: true, until: '', reason: 'x'.repeat(251) });
    expect(result.error?.issues[0].path).toEqual(['reason']);
  });
});

describe('suspendBody', () => {
  it('sends null for good and drops a blank reason', () => {
    expect(suspendBody({ permanent: true, until: '2027-01-01', reason: '  ' })).toEqual({ until: null, reason: null });
  });

  it('sends the day and the trimmed reason', () => {
    expect(suspendBody({ permanent: false, until: '2027-01-01', reason: ' spam ' })).toEqual({
      until: '2027-01-01',
      reason: 'spam',
    });
  });
});

describe('firstEndDay', () => {
  it('is tomorrow in UTC', () => {
    expect(firstEndDay(new Date('2026-03-31T23:30:00Z'))).toBe('2026-04-01');
  });
});
