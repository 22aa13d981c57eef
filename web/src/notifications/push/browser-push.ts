import { notificationsApi } from '../../api/notifications.api.ts';

export type PushOutcome = 'subscribed' | 'denied' | 'unsupported' | 'failed';

/** The service worker that shows pushed notifications (web/public/sw.js). */
export const SERVICE_WORKER_URL = '/sw.js';

/** A VAPID key in URL-safe base64 as the bytes PushManager.subscribe takes. */
export function vapidKeyBytes(base64Url: string): Uint8Array<ArrayBuffer> {
  const padded = base64Url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64Url.length / 4) * 4, '=');
  const raw = atob(padded);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

export const isPushSupported = () =>
  typeof window !== 'undefined' && 'Notification' in window && 'serviceWorker' in navigator && 'PushManager' in window;

/**
 * Turning the browser channel of notifications on: asks for permission, registers the service worker,
 * subscribes with the server's VAPID key and hands the subscription to the server.
 */
export async function enableBrowserPush(vapidPublicKey: string | undefined): Promise<PushOutcome> {
  if (!isPushSupported()) return 'unsupported';
  const permission =
    Notification.permission === 'default' ? await Notification.requestPermission() : Notification.permission;
  if (permission !== 'granted') return 'denied';
  if (!vapidPublicKey) return 'failed';
  try {
    const registration = await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' });
    await navigator.serviceWorker.ready;
    const subscription =
      (await registration.pushManager.getSubscription()) ??
      (await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: vapidKeyBytes(vapidPublicKey),
      }));
    const { endpoint, keys } = subscription.toJSON();
    if (!endpoint || !keys?.p256dh || !keys.auth) return 'failed';
    await notificationsApi.addPushSubscription({ endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } });
    return 'subscribed';
  } catch {
    // No reachable push service (offline, or a browser without one) or the server refused it.
    return 'failed';
  }
}
