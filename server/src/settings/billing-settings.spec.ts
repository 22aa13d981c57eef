import { describe, expect, it } from 'vitest';
import { billingSettingErrors, stripeModeOf, touchesBilling } from './billing-settings.ts';

describe('stripeModeOf', () => {
  it('tells test and live keys, full or restricted, by their prefix', () => {
    expect(stripeModeOf('sk_test_abc')).toBe('test');
    expect(stripeModeOf('rk_test_abc')).toBe('test');
    expect(stripeModeOf('sk_live_abc')).toBe('live');
    expect(stripeModeOf('rk_live_abc')).toBe('live');
  });

  it('answers null without a key or for one of another shape', () => {
    expect(stripeModeOf('')).toBeNull();
    expect(stripeModeOf(undefined)).toBeNull();
    expect(stripeModeOf('sk_abc')).toBeNull();
    expect(stripeModeOf('pk_test_abc')).toBeNull();
  });
});

describe('billingSettingErrors', () => {
  const keys = (secretKey: string, webhookSecret: string, enable = true) => ({
    'billing.enable': enable,
    'billing.stripe.secret_key': secretKey,
    'billing.stripe.webhook_secret': webhookSecret,
  });

  it('asks for the key that is missing when billing is on with only one', () => {
    expect(billingSettingErrors(keys('sk_test_a', ''))).toEqual({
      'billing.stripe.webhook_secret': ['Give the webhook signing secret too.'],
    });
    expect(billingSettingErrors(keys('', 'whsec_a'))).toEqual({
      'billing.stripe.secret_key': ['Give the secret key too.'],
    });
  });

  it('lets billing on with both keys or none, and anything while billing is off', () => {
    expect(billingSettingErrors(keys('sk_test_a', 'whsec_a'))).toEqual({});
    expect(billingSettingErrors(keys('', ''))).toEqual({});
    expect(billingSettingErrors(keys('sk_test_a', '', false))).toEqual({});
  });
});

describe('billingSettingErrors for PayPal', () => {
  const paypal = (clientId: string, secret: string, webhookId: string, enable = true) => ({
    'billing.enable': enable,
    'billing.paypal.client_id': clientId,
    'billing.paypal.client_secret': secret,
    'billing.paypal.webhook_id': webhookId,
  });

  it('asks for each missing key while billing is on with some of them', () => {
    expect(billingSettingErrors(paypal('client', '', ''))).toEqual({
      'billing.paypal.client_secret': ['Give the secret too.'],
      'billing.paypal.webhook_id': ['Give the webhook ID too.'],
    });
    expect(billingSettingErrors(paypal('', 'secret', 'WH-1'))).toEqual({
      'billing.paypal.client_id': ['Give the client ID too.'],
    });
  });

  it('lets all three or none through, and anything while billing is off', () => {
    expect(billingSettingErrors(paypal('client', 'secret', 'WH-1'))).toEqual({});
    expect(billingSettingErrors(paypal('', '', ''))).toEqual({});
    expect(billingSettingErrors(paypal('client', '', '', false))).toEqual({});
  });
});

describe('touchesBilling', () => {
  it("is true for the switch and the gateways' keys only", () => {
    expect(touchesBilling(['branding.site_name', 'billing.enable'])).toBe(true);
    expect(touchesBilling(['billing.stripe.webhook_secret'])).toBe(true);
    expect(touchesBilling(['billing.paypal.mode'])).toBe(true);
    expect(touchesBilling(['billing.invoice.notes', 'branding.site_name'])).toBe(false);
  });
});
