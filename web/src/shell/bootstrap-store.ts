import { useSyncExternalStore } from 'react';
import type { BootstrapData } from '@kosh/contracts';

declare global {
  interface Window {
    /** Injected by the server in a nonce'd script before </head>. */
    bootstrapData?: BootstrapData | string;
  }
}

type Listener = () => void;

let current: BootstrapData | null = null;
const listeners = new Set<Listener>();
// On the server, pages of several requests render at once: each reads its own request's data.
let scoped: (() => BootstrapData | undefined) | undefined;

/** The bootstrap data in effect; throws before {@link loadBootstrapData} has finished. */
export function getBootstrapData(): BootstrapData {
  const data = scoped?.() ?? current;
  if (!data) throw new Error('Bootstrap data is not loaded yet.');
  return data;
}

/** Server rendering only: where each render finds its request's data (entry-server.tsx). */
export function scopeBootstrapData(read: () => BootstrapData | undefined): void {
  scoped = read;
}

/** Replaces the bootstrap data (after login, logout, locale change, appearance editor). */
export function setBootstrapData(next: BootstrapData | ((prev: BootstrapData) => BootstrapData)): void {
  current = typeof next === 'function' ? next(getBootstrapData()) : next;
  for (const listener of listeners) listener();
}

export function subscribeBootstrapData(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useBootstrapData(): BootstrapData {
  return useSyncExternalStore(subscribeBootstrapData, getBootstrapData, getBootstrapData);
}

export function useSettings(): BootstrapData['settings'] {
  return useBootstrapData().settings;
}

export function useCurrentUser(): BootstrapData['user'] {
  return useBootstrapData().user;
}

export function parseBootstrapData(raw: BootstrapData | string): BootstrapData {
  return typeof raw === 'string' ? (JSON.parse(raw) as BootstrapData) : raw;
}

/** Reads the server-injected data, or fetches it when absent (vite dev server). */
export async function loadBootstrapData(): Promise<BootstrapData> {
  if (window.bootstrapData) {
    current = parseBootstrapData(window.bootstrapData);
    return current;
  }
  const response = await fetch('/api/v1/bootstrap-data', {
    credentials: 'include',
    headers: { Accept: 'application/json' },
  });
  if (!response.ok) throw new Error(`Could not load bootstrap data (HTTP ${response.status}).`);
  const body = (await response.json()) as BootstrapData | { bootstrapData: BootstrapData };
  current = 'bootstrapData' in body ? parseBootstrapData(body.bootstrapData) : body;
  return current;
}
