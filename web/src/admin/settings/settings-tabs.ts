import { SETTINGS_TABS, type SettingsTab } from '@kosh/contracts';

/** The labels of the tabs whose screens exist (every tab of the spec). */
const BUILT_TAB_LABELS = {
  general: 'General',
  subscriptions: 'Subscriptions',
  localization: 'Localization',
  authentication: 'Authentication',
  uploading: 'Uploading',
  'outgoing-email': 'Outgoing email',
  cache: 'Cache',
  analytics: 'Analytics',
  logging: 'Logging',
  queue: 'Queue',
  websockets: 'Websockets',
  recaptcha: 'reCAPTCHA',
  gdpr: 'GDPR',
  drive: 'Drive',
} as const satisfies Partial<Record<SettingsTab, string>>;

export type BuiltSettingsTab = keyof typeof BUILT_TAB_LABELS;

export const DEFAULT_SETTINGS_TAB: BuiltSettingsTab = 'general';

export const isBuiltSettingsTab = (tab: string | undefined): tab is BuiltSettingsTab =>
  tab !== undefined && Object.hasOwn(BUILT_TAB_LABELS, tab);

/** The tabs to list, in the spec's order (SETTINGS_TABS), each with its address. */
export const SHOWN_SETTINGS_TABS = SETTINGS_TABS.filter(isBuiltSettingsTab).map((id) => ({
  id,
  label: BUILT_TAB_LABELS[id],
  path: `/admin/settings/${id}`,
}));

export const settingsTabLabel = (tab: BuiltSettingsTab): string => BUILT_TAB_LABELS[tab];
