import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { COOKIE } from '@kosh/contracts';
import { Agent, createTestApp, type TestApp } from './test-app.ts';
import { MailCatcher } from './smtp.ts';
import { awayFromStepEdge, totpCode } from './totp.ts';

let lastOctet = 0;
/** A distinct public-looking client address per agent, so per-address rate limits do not collide between tests. */
export function nextClientIp(): string {
  lastOctet = (lastOctet + 1) % 250;
  return `198.18.${randomBytes(1)[0]}.${lastOctet + 1}`;
}

/** A browser agent with its own client address (the app trusts X-Forwarded-For in these tests). */
export function newAgent(t: TestApp, headers: Record<string, string> = {}): Agent {
  return new Agent(t.app, {
    'x-forwarded-for': nextClientIp(),
    'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36',
    ...headers,
  });
}

/** Signs in through POST auth/login, as the login page does. */
export async function signIn(agent: Agent, email: string, password: string, remember = false) {
  return agent.post('/auth/login', { email, password, remember });
}

export const hasSession = (agent: Agent) => agent.cookies.has(COOKIE.session);

/** Confirms the password for the agent's session (needed before sensitive actions). */
export async function confirmPassword(agent: Agent, password: string): Promise<void> {
  const res = await agent.post('/auth/user/confirm-password', { password });
  if (res.statusCode !== 200) throw new Error(`confirm-password answered ${res.statusCode}: ${res.body}`);
}

/** Sends PUT or DELETE the way the web client does: POST with the override header. */
export const put = (agent: Agent, url: string, payload?: unknown) =>
  agent.post(url, payload, { 'x-http-method-override': 'PUT' });
export const del = (agent: Agent, url: string, payload?: unknown) =>
  agent.post(url, payload, { 'x-http-method-override': 'DELETE' });

/** A throwaway HTTP server on 127.0.0.1 for a test; answers with `handler`. */
export async function localServer(handler: http.RequestListener): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The app with real SMTP capture and X-Forwarded-For trusted (per-agent addresses). */
export async function createAccountsApp(
  env: Record<string, string> = {},
): Promise<{ t: TestApp; mail: MailCatcher; close(): Promise<void> }> {
  const mail = await new MailCatcher().start();
  const t = await createTestApp({ TRUST_PROXY: 'true', SMTP_URL: mail.url, ...env });
  return {
    t,
    mail,
    close: async () => {
      await t.close();
      await mail.close();
    },
  };
}

/** Turns two-factor on for the agent's user, as the settings page does; answers the secret and recovery codes. */
export async function enableTwoFactor(
  agent: Agent,
  password: string,
): Promise<{ secret: string; recoveryCodes: string[] }> {
  await confirmPassword(agent, password);
  const enabled = await agent.post('/auth/user/two-factor-authentication');
  if (enabled.statusCode !== 200) throw new Error(`enable answered ${enabled.statusCode}: ${enabled.body}`);
  const { secret } = (await agent.get('/auth/user/two-factor/qr-code')).json() as { secret: string };
  await awayFromStepEdge();
  const confirmed = await agent.post('/auth/user/confirmed-two-factor-authentication', {
    code: await totpCode(secret),
  });
  if (confirmed.statusCode !== 200) throw new Error(`confirm answered ${confirmed.statusCode}: ${confirmed.body}`);
  const me = (await agent.get('/api/v1/me')).json() as { user: { two_factor_recovery_codes: string[] } };
  return { secret, recoveryCodes: me.user.two_factor_recovery_codes };
}
