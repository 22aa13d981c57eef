import { describe, expect, it } from 'vitest';
import {
  canCancel,
  canChangePlan,
  canResume,
  cancelConfirmationLine,
  cardBrandName,
  hasBillingPage,
  invoiceDate,
  invoiceStatusLabel,
  paidUntil,
  paymentMethodLine,
  renewConfirmationLine,
  subscriptionStateLabel,
  subscriptionStateTone,
  subscriptionStatusLine,
} from './billing-status.ts';

const RENEWS = '2030-02-01T00:00:00.000Z';
const ENDS = '2030-03-01T00:00:00.000Z';
const TRIAL = '2030-01-15T00:00:00.000Z';
const dates = { renews_at: null, ends_at: null, trial_ends_at: null };

describe('subscriptionStateLabel', () => {
  it('names every state as the badge shows it', () => {
    expect(
      (['active', 'trialing', 'past_due', 'incomplete', 'cancelled', 'ended'] as const).map(subscriptionStateLabel),
    ).toEqual(['Active', 'Trial', 'Payment failed', 'Incomplete', 'Cancelled', 'Ended']);
  });
});

describe('subscriptionStateTone', () => {
  it('marks a failed payment as danger and an active plan as positive', () => {
    expect(subscriptionStateTone('past_due')).toBe('danger');
    expect(subscriptionStateTone('active')).toBe('positive');
    expect(subscriptionStateTone('cancelled')).toBe('muted');
  });
});

describe('subscriptionStatusLine', () => {
  it('tells an active plan when it renews', () => {
    expect(subscriptionStatusLine({ ...dates, state: 'active', renews_at: RENEWS })).toEqual({
      message: 'Renews on :date',
      date: RENEWS,
    });
  });

  it('tells a cancelled plan when it ends', () => {
    expect(subscriptionStatusLine({ ...dates, state: 'cancelled', ends_at: ENDS })).toEqual({
      message: 'Ends on :date',
      date: ENDS,
    });
  });

  it('asks a user whose payment failed to update their card', () => {
    expect(subscriptionStatusLine({ ...dates, state: 'past_due', renews_at: RENEWS })).toEqual({
      message: 'Your last payment failed. Update your card to keep your plan.',
    });
  });

  it('tells a trial when it ends, from the trial date', () => {
    expect(subscriptionStatusLine({ ...dates, state: 'trialing', trial_ends_at: TRIAL, renews_at: RENEWS })).toEqual({
      message: 'Trial ends on :date',
      date: TRIAL,
    });
  });

  it('says nothing of an active plan without a renewal date', () => {
    expect(subscriptionStatusLine({ ...dates, state: 'active' })).toBeUndefined();
  });
});

describe('canCancel and canResume', () => {
  it('offers cancel to renewing plans and renew only to cancelled ones', () => {
    const states = ['active', 'trialing', 'past_due', 'incomplete', 'cancelled', 'ended'] as const;
    expect(states.filter(canCancel)).toEqual(['active', 'trialing', 'past_due']);
    expect(states.filter(canResume)).toEqual(['cancelled']);
    expect(states.filter(canChangePlan)).toEqual(['active', 'trialing']);
  });
});

describe('hasBillingPage', () => {
  it('sends users without a subscription or with an ended one away', () => {
    expect(hasBillingPage(null)).toBe(false);
    expect(hasBillingPage(undefined)).toBe(false);
    expect(hasBillingPage({ state: 'ended' })).toBe(false);
    expect(hasBillingPage({ state: 'past_due' })).toBe(true);
    expect(hasBillingPage({ state: 'cancelled' })).toBe(true);
  });
});

describe('paidUntil', () => {
  it('keeps a renewing plan until its next charge and a trial until the trial ends', () => {
    expect(paidUntil({ ...dates, state: 'active', renews_at: RENEWS })).toBe(RENEWS);
    expect(paidUntil({ ...dates, state: 'trialing', renews_at: RENEWS, trial_ends_at: TRIAL })).toBe(TRIAL);
  });
});

describe('cancelConfirmationLine', () => {
  it('names the date the plan is kept until', () => {
    expect(cancelConfirmationLine({ ...dates, state: 'active', renews_at: RENEWS })).toEqual({
      message:
        'You keep :plan until :date. After that your storage returns to the free allowance; no files are deleted.',
      date: RENEWS,
    });
  });

  it('falls back to the end of the paid period without a date', () => {
    expect(cancelConfirmationLine({ ...dates, state: 'past_due' }).date).toBeUndefined();
  });
});

describe('renewConfirmationLine', () => {
  it('names the date the plan renews on: the end of the cancelled period', () => {
    expect(renewConfirmationLine({ ...dates, state: 'cancelled', ends_at: ENDS })).toEqual({
      message: 'Your plan :plan will continue and renew on :date.',
      date: ENDS,
    });
  });
});

describe('paymentMethodLine', () => {
  it('names the card by brand and last four digits', () => {
    expect(paymentMethodLine({ brand: 'visa', last4: '4242' })).toEqual({
      message: ':brand ending in :last4',
      values: { brand: 'Visa', last4: '4242' },
    });
  });

  it('says when no card is on file', () => {
    expect(paymentMethodLine(null)).toEqual({ message: 'No card on file' });
  });

  it('says PayPal pays for a PayPal subscription, whatever card is known', () => {
    expect(paymentMethodLine({ brand: 'PayPal', last4: '' }, 'paypal')).toEqual({ message: 'Paid with PayPal' });
    expect(paymentMethodLine(null, 'paypal')).toEqual({ message: 'Paid with PayPal' });
  });
});

describe('cardBrandName', () => {
  it('writes known brands as people do and capitalises others', () => {
    expect(cardBrandName('amex')).toBe('American Express');
    expect(cardBrandName('MasterCard')).toBe('Mastercard');
    expect(cardBrandName('link')).toBe('Link');
  });
});

describe('invoices', () => {
  it('labels the status and dates an invoice by payment, else issue', () => {
    expect(invoiceStatusLabel('paid')).toBe('Paid');
    expect(invoiceStatusLabel('failed')).toBe('Failed');
    expect(invoiceDate({ paid_at: RENEWS, created_at: ENDS })).toBe(RENEWS);
    expect(invoiceDate({ paid_at: null, created_at: ENDS })).toBe(ENDS);
  });
});
