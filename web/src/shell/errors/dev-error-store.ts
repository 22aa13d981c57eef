import { useSyncExternalStore } from 'react';
import type { DebugErrorPayload } from '@kosh/contracts';

let payload: DebugErrorPayload | null = null;
const listeners = new Set<() => void>();

/** Opens the full-screen developer error dialog (part 1, 2.5). */
export function showDevError(next: DebugErrorPayload): void {
  payload = next;
  for (const listener of listeners) listener();
}

export function closeDevError(): void {
  payload = null;
  for (const listener of listeners) listener();
}

export function useDevError(): DebugErrorPayload | null {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => payload,
    () => null,
  );
}
