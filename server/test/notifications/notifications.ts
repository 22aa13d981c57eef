import type { Notification, NotificationData } from '@kosh/contracts';
import type { Agent, TestApp } from '../helpers/test-app.ts';

/** A notification of a given type with one primary line. */
export function lineData(content: string, extra: Partial<NotificationData> = {}): NotificationData {
  return { lines: [{ type: 'primary', content }], mainAction: { action: '/drive', label: 'Open' }, ...extra };
}

/** Sends one notification through the service other areas call. */
export async function notify(
  t: TestApp,
  userId: number,
  content: string,
  type = 'file-entry-shared',
  extra: Partial<NotificationData> = {},
) {
  await t.modules.notifications.notify(userId, { type, data: lineData(content, extra) });
}

export async function listPage(
  agent: Agent,
  query = '',
): Promise<{ data: Notification[]; current_page: number; last_page: number; per_page: number; total: number }> {
  const res = await agent.get(`/api/v1/notifications${query}`);
  if (res.statusCode !== 200) throw new Error(`list answered ${res.statusCode}: ${res.body}`);
  return res.json().pagination;
}

/** Waits until `check` passes (mail and push are delivered after the call answers). */
export async function eventually<T>(check: () => Promise<T> | T, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}
