import type { BootstrapData } from '@kosh/contracts';
import {
  SOCIAL_AUTH_MESSAGE_TYPE,
  SOCIAL_AUTH_STATUSES,
  SOCIAL_POPUP,
  type SocialAuthStatus,
} from '@kosh/contracts/constants';

/** What the popup posts to its opener (part 1, 7.2). */
export type SocialAuthMessage = {
  type: typeof SOCIAL_AUTH_MESSAGE_TYPE;
  status: SocialAuthStatus;
  callbackData?: { bootstrapData?: BootstrapData | string; errorMessage?: string };
};

type ScreenBox = { width: number; height: number; left?: number; top?: number };

/** window.open features for a popup of the given size, centred on the screen (part 1, 9). */
export function centredPopupFeatures(
  screen: ScreenBox,
  width: number = SOCIAL_POPUP.width,
  height: number = SOCIAL_POPUP.height,
): string {
  const left = Math.max(0, Math.round((screen.left ?? 0) + (screen.width - width) / 2));
  const top = Math.max(0, Math.round((screen.top ?? 0) + (screen.height - height) / 2));
  return `popup=yes,width=${width},height=${height},left=${left},top=${top}`;
}

export function isSocialAuthMessage(data: unknown): data is SocialAuthMessage {
  if (!data || typeof data !== 'object') return false;
  const d = data as Partial<SocialAuthMessage>;
  return d.type === SOCIAL_AUTH_MESSAGE_TYPE && (SOCIAL_AUTH_STATUSES as readonly string[]).includes(d.status ?? '');
}

type Timers = { setInterval: (fn: () => void, ms: number) => unknown; clearInterval: (handle: unknown) => void };
type PopupHost = Pick<Window, 'open' | 'addEventListener' | 'removeEventListener'> & {
  location: { origin: string };
  screen: { availWidth: number; availHeight: number; availLeft?: number; availTop?: number };
};

/**
 * Opens the provider popup and resolves with its message, or with null when the popup is
 * blocked or closes without one (polled every second, part 1, 4 and 9). Only messages from
 * the app's own origin count.
 */
export function openSocialPopup(
  url: string,
  host: PopupHost = window as unknown as PopupHost,
  timers: Timers = {
    setInterval: (fn, ms) => globalThis.setInterval(fn, ms),
    clearInterval: (h) => globalThis.clearInterval(h as number),
  },
): Promise<SocialAuthMessage | null> {
  const { availWidth, availHeight, availLeft, availTop } = host.screen;
  const popup = host.open(
    url,
    'kosh-social-auth',
    centredPopupFeatures({ width: availWidth, height: availHeight, left: availLeft, top: availTop }),
  );
  if (!popup) return Promise.resolve(null);
  return new Promise((resolve) => {
    let done = false;
    const finish = (result: SocialAuthMessage | null) => {
      if (done) return;
      done = true;
      host.removeEventListener('message', onMessage as EventListener);
      timers.clearInterval(poll);
      resolve(result);
    };
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== host.location.origin || !isSocialAuthMessage(event.data)) return;
      finish(event.data);
    };
    host.addEventListener('message', onMessage as EventListener);
    const poll = timers.setInterval(() => {
      if (popup.closed) finish(null);
    }, SOCIAL_POPUP.pollMs);
  });
}
