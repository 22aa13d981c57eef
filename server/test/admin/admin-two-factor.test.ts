import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Permission } from '@kosh/contracts';
import { enableTwoFactor, put } from '../helpers/accounts.ts';
import { DEFAULT_PASSWORD } from '../helpers/factories.ts';
import { staffAgent } from '../helpers/staff.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

// The authentication tab's "two-factor required for staff": with it on, staff without two-factor
// sign-in are refused by the admin area's API (settings included) and nothing else.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const SETTING = 'auth.admin_two_factor';
const turn = (agent: Parameters<typeof put>[0], on: boolean) =>
  put(agent, '/api/v1/settings', { settings: { [SETTING]: on } });

describe('two-factor sign-in required for staff', () => {
  it('cannot be turned on by an admin who would be shut out by it', async () => {
    const { agent } = await staffAgent(t, { admin: true });
    const res = await turn(agent, true);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[SETTING]).toEqual([
      'Turn on two-factor authentication for your own account first: the admin area would close for you.',
    ]);
    expect(await t.modules.settings.service.get(SETTING)).toBe(false);
  });

  it('shuts the admin API to staff without it, and leaves their drive and staff with it alone', async () => {
    const secured = await staffAgent(t, { admin: true });
    await enableTwoFactor(secured.agent, DEFAULT_PASSWORD);
    expect((await turn(secured.agent, true)).statusCode).toBe(200);
    expect(await t.modules.settings.service.get('auth.admin_two_factor')).toBe(true);

    const bare = await staffAgent(t, { permissions: [Permission.adminAccess, Permission.settingsUpdate] });
    for (const url of ['/api/v1/admin/report', '/api/v1/settings', '/api/v1/admin/cache']) {
      const res = await bare.agent.get(url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toMatchObject({
        code: 'two_factor_required',
        message: 'Turn on two-factor authentication in your account settings to use the admin area.',
      });
    }
    // The staff screens' calls outside /admin are closed too; reading the plans stays public.
    const planEditor = await staffAgent(t, {
      permissions: [Permission.adminAccess, Permission.plansUpdate, Permission.discountUpdate, Permission.logsView],
    });
    for (const [method, url] of [
      ['POST', '/api/v1/billing/products'],
      ['GET', '/api/v1/billing/coupons'],
      ['GET', '/api/v1/logs/error/download-latest'],
    ] as const) {
      const res = await planEditor.agent.request({ method, url, payload: method === 'POST' ? {} : undefined });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().code).toBe('two_factor_required');
    }
    expect((await planEditor.agent.get('/api/v1/billing/products?loader=pricingPage')).statusCode).toBe(200);
    expect((await turn(bare.agent, false)).statusCode).toBe(403);
    expect((await bare.agent.get('/api/v1/drive/file-entries?section=home')).statusCode).toBe(200);
    expect((await secured.agent.get('/api/v1/admin/report')).statusCode).toBe(200);

    // Once they turn it on, the admin area opens for them too.
    await enableTwoFactor(bare.agent, DEFAULT_PASSWORD);
    expect((await bare.agent.get('/api/v1/admin/report')).statusCode).toBe(200);
    expect((await newBootstrap()).settings.auth).toEqual({ admin_two_factor: true });
    expect((await turn(secured.agent, false)).statusCode).toBe(200);
  });
});

async function newBootstrap() {
  return (await t.app.inject({ url: '/api/v1/bootstrap-data' })).json() as { settings: { auth?: unknown } };
}
