import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../helpers/factories.ts';
import { createAccountsApp, enableTwoFactor, newAgent, signIn } from '../helpers/accounts.ts';
import type { Agent, TestApp } from '../helpers/test-app.ts';
import { Person } from '../shares/sharing.ts';

let t: TestApp;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ t, close } = await createAccountsApp());
});
afterAll(() => close());

/** A fresh IPv6 /64 (documentation range), so retries and other tests never share its counters. */
const newPrefix = () => `2001:db8:${randomBytes(2).toString('hex')}:${randomBytes(2).toString('hex')}:`;
const ipv6Agent = (prefix: string, host: string) => newAgent(t, { 'x-forwarded-for': `${prefix}${host}` });

const expectThrottled = (res: { statusCode: number; headers: Record<string, unknown> }) => {
  expect(res.statusCode).toBe(429);
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
};

describe('sign-in throttles', () => {
  // Class: login brute force that locks the owner out (a throttle turned against the owner).
  it("an attacker network's failures do not stop the right password from the owner's network", async () => {
    const user = await createUser(t.modules);
    const owner = newAgent(t);
    expect((await signIn(owner, user.email, user.plainPassword)).statusCode).toBe(200);
    const attacker = newAgent(t);
    for (let i = 0; i < 5; i++) expect((await signIn(attacker, user.email, `guess-${i}`)).statusCode).toBe(422);
    expectThrottled(await signIn(attacker, user.email, `guess-5`));
    expectThrottled(await signIn(attacker, user.email, user.plainPassword));
    expect((await signIn(owner, user.email, user.plainPassword)).statusCode).toBe(200);
  });

  // Class: distributed login brute force (ASVS: at most 100 failures an hour per account).
  it('caps failures per account at 100 an hour from unknown networks; the owner network still signs in', async () => {
    const user = await createUser(t.modules);
    const owner = newAgent(t);
    expect((await signIn(owner, user.email, user.plainPassword)).statusCode).toBe(200);
    for (let n = 0; n < 20; n++) {
      const attacker = newAgent(t);
      const statuses = [];
      for (let i = 0; i < 5; i++) statuses.push((await signIn(attacker, user.email, `guess-${n}-${i}`)).statusCode);
      expect(statuses).toEqual([422, 422, 422, 422, 422]);
    }
    expectThrottled(await signIn(newAgent(t), user.email, user.plainPassword));
    expect((await signIn(owner, user.email, user.plainPassword)).statusCode).toBe(200);
    // A hundred password hashes on two shared cores.
  }, 180_000);

  // Class: brute force from one IPv6 subscriber rotating addresses inside its /64.
  it('keys IPv6 clients by their /64', async () => {
    const user = await createUser(t.modules);
    const prefix = newPrefix();
    for (let i = 0; i < 5; i++)
      expect((await signIn(ipv6Agent(prefix, `${i + 1}`), user.email, `guess-${i}`)).statusCode).toBe(422);
    expectThrottled(await signIn(ipv6Agent(prefix, 'beef:1:2:3'), user.email, 'guess-5'));
    expect((await signIn(ipv6Agent(newPrefix(), '1'), user.email, 'guess-6')).statusCode).toBe(422);
  });

  // Class: two-factor brute force; the owner's recovery code still works from the owner's network.
  it('throttles two-factor codes per network, not for the owner', async () => {
    const user = await createUser(t.modules);
    const owner = newAgent(t);
    await signIn(owner, user.email, user.plainPassword);
    const { recoveryCodes } = await enableTwoFactor(owner, user.plainPassword);
    const attacker = newAgent(t);
    expect((await signIn(attacker, user.email, user.plainPassword)).json()).toEqual({ two_factor: true });
    for (let i = 0; i < 5; i++)
      expect((await attacker.post('/auth/two-factor-challenge', { code: '000000' })).statusCode).toBe(422);
    expectThrottled(await attacker.post('/auth/two-factor-challenge', { recovery_code: recoveryCodes[0] }));
    expect((await signIn(owner, user.email, user.plainPassword)).json()).toEqual({ two_factor: true });
    expect((await owner.post('/auth/two-factor-challenge', { recovery_code: recoveryCodes[0] })).statusCode).toBe(200);
  });

  // Class: password confirmation brute force with a stolen session.
  it('throttles confirm-password per network', async () => {
    const user = await createUser(t.modules);
    const agent = newAgent(t);
    await signIn(agent, user.email, user.plainPassword);
    for (let i = 0; i < 5; i++)
      expect((await agent.post('/auth/user/confirm-password', { password: `guess-${i}` })).statusCode).toBe(422);
    expectThrottled(await agent.post('/auth/user/confirm-password', { password: user.plainPassword }));
  });

  // Class: reset mail flooding that blocks the owner's own reset.
  it("throttles reset requests per network; the owner's network can still ask", async () => {
    const user = await createUser(t.modules);
    const owner = newAgent(t);
    await signIn(owner, user.email, user.plainPassword);
    const attacker = newAgent(t);
    for (let i = 0; i < 3; i++)
      expect((await attacker.post('/auth/forgot-password', { email: user.email })).statusCode).toBe(200);
    expectThrottled(await attacker.post('/auth/forgot-password', { email: user.email }));
    // At most 10 an hour per account from networks it never signed in from.
    for (let n = 0; n < 7; n++)
      expect((await newAgent(t).post('/auth/forgot-password', { email: user.email })).statusCode).toBe(200);
    expectThrottled(await newAgent(t).post('/auth/forgot-password', { email: user.email }));
    expect((await owner.post('/auth/forgot-password', { email: user.email })).statusCode).toBe(200);
  });
});

describe('link throttles', () => {
  const page = (agent: Agent, hash: string, password?: string) => {
    const query = new URLSearchParams({ loader: 'shareableLinkPage', ...(password ? { password } : {}) });
    return agent.get(`/api/v1/shareable-links/${hash}?${query}`);
  };

  // Class: link password brute force that locks the link for every visitor.
  it('a link locked for the attacker still opens for another visitor with the right password', async () => {
    const owner = await Person.create(t);
    const folder = await owner.folder('Shared');
    const { hash } = await owner.createLink(folder.id, { password: 'right password' });
    const attacker = newAgent(t);
    for (let i = 0; i < 10; i++) expect((await page(attacker, hash, `guess ${i}`)).json().passwordInvalid).toBe(true);
    expectThrottled(await page(attacker, hash, 'right password'));
    const other = await page(newAgent(t), hash, 'right password');
    expect(other.statusCode).toBe(200);
    expect(other.json().passwordInvalid).toBe(false);
  });

  // Class: probing for link hashes.
  it('throttles a client probing unknown link hashes, before any lookup', async () => {
    const owner = await Person.create(t);
    const { hash } = await owner.createLink((await owner.folder('Real')).id);
    const prober = newAgent(t);
    for (let i = 0; i < 30; i++)
      expect((await page(prober, randomBytes(16).toString('base64url'))).statusCode).toBe(404);
    expectThrottled(await page(prober, randomBytes(16).toString('base64url')));
    expectThrottled(await page(prober, hash));
    expect((await page(newAgent(t), randomBytes(16).toString('base64url'))).statusCode).toBe(404);
    expect((await page(newAgent(t), hash)).statusCode).toBe(200);
  });

  // Class: probing for link hashes through the link page HTML (its status tells whether a link exists).
  it('answers a client that probed too many hashes the unknown-link page, even for a real link', async () => {
    const owner = await Person.create(t);
    const { hash } = await owner.createLink((await owner.folder('Real page')).id);
    const prober = newAgent(t);
    for (let i = 0; i < 30; i++)
      expect((await prober.get(`/drive/s/${randomBytes(16).toString('base64url')}`)).statusCode).toBe(404);
    expect((await prober.get(`/drive/s/${hash}`)).statusCode).toBe(404);
    expect((await newAgent(t).get(`/drive/s/${hash}`)).statusCode).toBe(200);
  });
});
