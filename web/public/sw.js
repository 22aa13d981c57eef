/*
 * Kosh service worker: shows Web Push notifications (the browser channel of notifications) and,
 * on click, focuses a tab already at the notification's address or opens one. The push payload is
 * { id, type, title, body, url, image? } (contracts NotificationPushPayload).
 */
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

function readPayload(event) {
  if (!event.data) return {};
  try {
    return event.data.json();
  } catch {
    return { body: event.data.text() };
  }
}

/** Same-origin paths and http(s) URLs only; anything else opens the app's home. */
function safeUrl(url) {
  try {
    const resolved = new URL(url || '/', self.location.origin);
    return resolved.protocol === 'https:' || resolved.protocol === 'http:' ? resolved.href : `${self.location.origin}/`;
  } catch {
    return `${self.location.origin}/`;
  }
}

self.addEventListener('push', (event) => {
  const payload = readPayload(event);
  const image = typeof payload.image === 'string' && /^(https?:)?\//.test(payload.image) ? payload.image : undefined;
  event.waitUntil(
    self.registration.showNotification(payload.title || 'Kosh', {
      body: payload.body || '',
      tag: payload.id || undefined,
      icon: image || '/favicon.svg',
      data: { url: safeUrl(payload.url) },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = event.notification.data?.url || `${self.location.origin}/`;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const same = windows.find((client) => client.url === url);
      if (same) return same.focus();
      const ours = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (ours && new URL(url).origin === self.location.origin && 'navigate' in ours) {
        await ours.focus();
        return ours.navigate(url);
      }
      return self.clients.openWindow(url);
    })(),
  );
});
