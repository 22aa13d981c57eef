import { describe, expect, it } from 'vitest';
import { isAdminApi } from './admin-two-factor.ts';

describe('isAdminApi', () => {
  it('covers the admin area, the settings and the staff calls beside the public ones', () => {
    expect(isAdminApi('GET', '/api/v1/admin/report')).toBe(true);
    expect(isAdminApi('PUT', '/api/v1/settings')).toBe(true);
    expect(isAdminApi('GET', '/api/v1/billing/coupons')).toBe(true);
    expect(isAdminApi('DELETE', '/api/v1/billing/coupons/3')).toBe(true);
    expect(isAdminApi('GET', '/api/v1/logs/error/download-latest')).toBe(true);
    expect(isAdminApi('PUT', '/api/v1/billing/products/4')).toBe(true);
  });

  it('leaves the pricing page’s plans, users’ billing and look-alike paths open', () => {
    expect(isAdminApi('GET', '/api/v1/billing/products')).toBe(false);
    expect(isAdminApi('GET', '/api/v1/billing/subscription')).toBe(false);
    expect(isAdminApi('GET', '/api/v1/administrator')).toBe(false);
    expect(isAdminApi('GET', '/api/v1/settingsx')).toBe(false);
  });
});
