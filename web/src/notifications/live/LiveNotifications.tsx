import { useNotificationStream } from './useNotificationStream.ts';

/** The live notification stream of a signed-in tab, loaded only for signed-in users. */
export function LiveNotifications() {
  useNotificationStream();
  return null;
}
