import { useMutation, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { type AppearanceSettingKey, type BootstrapData, UploadedAppearanceImageSchema } from '@kosh/contracts';
import { type EndpointDefinition, endpoints } from '@kosh/contracts/endpoints';
import { call } from '../../api/call.ts';
import { setBootstrapData } from '../../shell/bootstrap-store.ts';
import type { AppearanceEditorMessage } from '../../shell/appearance/appearance-editor.ts';

/** The appearance editor's own calls (contracts/src/admin-appearance.ts; permission appearance.update). */
export const appearanceEndpoints = {
  updateSettings: {
    method: 'PUT',
    path: 'admin/appearance/settings',
    body: z.object({ settings: z.record(z.string(), z.unknown()) }),
    response: z.unknown(),
  },
  /** Multipart `file`: an image, answered with the address the setting then holds. */
  uploadImage: {
    method: 'POST',
    path: 'admin/appearance/images',
    form: z.object({ file: z.unknown() }),
    response: UploadedAppearanceImageSchema,
  },
} as const satisfies Record<string, EndpointDefinition>;

export type SettingsMap = Partial<Record<AppearanceSettingKey, unknown>>;

/** The value of a dotted key (`branding.site_name`) in the client's nested settings; '' when absent. */
export function readSetting(settings: unknown, key: string): unknown {
  let node: unknown = settings;
  for (const part of key.split('.')) {
    if (!node || typeof node !== 'object') return '';
    node = (node as Record<string, unknown>)[part];
  }
  return node ?? '';
}

/** {'branding.site_name': 'X'} -> {branding: {site_name: 'X'}}: the nested shape setValues takes. */
export function nestSettings(map: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(map)) {
    const parts = key.split('.');
    let node = out;
    for (const part of parts.slice(0, -1)) {
      if (!node[part] || typeof node[part] !== 'object') node[part] = {};
      node = node[part] as Record<string, unknown>;
    }
    node[parts[parts.length - 1]] = value;
  }
  return out;
}

/**
 * Server errors by field: keyed by setting (`branding.site_name`, or `settings.branding.site_name`);
 * an error inside a structured setting ('landing.hero.title: Too long.') also lands on its own path.
 */
export function fieldErrors(errors: Record<string, string[]>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, messages] of Object.entries(errors)) {
    const message = messages?.[0];
    if (!message) continue;
    const setting = key.replace(/^settings\./, '');
    out[setting] = message;
    const inner = /^([\w.]+): (.+)$/s.exec(message);
    if (inner?.[1].startsWith(`${setting}.`)) out[inner[1]] = inner[2];
  }
  return out;
}

/** What a kept preview message is about: a later message on the same subject replaces it. */
export function previewSubject(message: AppearanceEditorMessage): string {
  switch (message.type) {
    case 'setThemeVariable':
      return `${message.type}:${message.name}`;
    case 'setCustomCode':
      return `${message.type}:${message.mode}`;
    default:
      return message.type;
  }
}

/** Merges plain objects recursively; arrays and other values of `patch` replace. */
export function mergeValues(base: unknown, patch: unknown): unknown {
  const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
  if (!isObject(base) || !isObject(patch)) return patch;
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(patch)) out[key] = mergeValues(out[key], value);
  return out;
}

/** Keeps the latest message per subject; setValues messages merge so every previewed field survives. */
export function keepMessage(
  kept: Map<string, AppearanceEditorMessage>,
  message: AppearanceEditorMessage,
): Map<string, AppearanceEditorMessage> {
  const subject = previewSubject(message);
  const previous = kept.get(subject);
  const next =
    message.type === 'setValues' && previous?.type === 'setValues'
      ? { type: 'setValues' as const, values: mergeValues(previous.values, message.values) as typeof message.values }
      : message;
  kept.set(subject, next);
  return kept;
}

/** The editor's own bootstrap data follows a save (site name, logos... in its header and next loads). */
export async function refreshBootstrapSettings(): Promise<void> {
  const fresh = await call(endpoints.getBootstrapData).catch(() => undefined);
  if (fresh) setBootstrapData((prev: BootstrapData) => ({ ...prev, settings: fresh.settings }));
}

/** Saves one section's keys (only those); a 422 is the section's to show on its fields. */
export function useSaveAppearanceSettings() {
  return useMutation({
    mutationFn: (settings: SettingsMap) => call(appearanceEndpoints.updateSettings, { body: { settings } }),
    meta: { handledStatuses: [422] },
    onSuccess: () => refreshBootstrapSettings(),
  });
}

/** Uploads a logo, favicon or landing image; answers the address to store. */
export function uploadAppearanceImage(file: File): Promise<string> {
  const body = new FormData();
  body.append('file', file);
  return call(appearanceEndpoints.uploadImage, { body }).then((r) => r.url);
}

/** A shareable link of the admin's own to preview the link page with: the first shared entry's, if any. */
export function usePreviewLinkPath() {
  return useQuery({
    queryKey: ['admin', 'appearance', 'preview-link'],
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: async ({ signal }) => {
      const page = await call(endpoints.listFileEntries, {
        query: { section: 'home', perPage: 50, orderBy: 'updated_at', orderDir: 'desc' },
        signal,
      }).catch(() => null);
      for (const entry of (page?.data ?? []).filter((e) => e.is_shared).slice(0, 5)) {
        const answer = await call(endpoints.getShareableLink, { params: { entryId: entry.id }, signal }).catch(
          () => null,
        );
        if (answer?.link) return `/drive/s/${answer.link.hash}`;
      }
      return FALLBACK_LINK_PATH;
    },
  });
}

/** Shown when the admin has no link: the link page's own "not found" state, in the site's look. */
export const FALLBACK_LINK_PATH = '/drive/s/preview';
