import { FILE_ENTRY_SHARED_NOTIFICATION, type Channels, type NotificationType } from '@kosh/contracts';

type TypeInfo = { id: NotificationType; group: string; name: string; defaults: Channels };

/**
 * Every notification the product sends, as the settings page lists them (grouped), with the
 * channels a user gets until they choose otherwise. The in-app list always receives them.
 */
export const NOTIFICATION_CATALOGUE: TypeInfo[] = [
  {
    id: FILE_ENTRY_SHARED_NOTIFICATION as NotificationType,
    group: 'Sharing',
    name: 'Someone shares a file or folder with me',
    defaults: { email: true, browser: true },
  },
  {
    id: 'shared-folder-upload',
    group: 'Sharing',
    name: 'Someone uploads a file into a folder I shared',
    defaults: { email: false, browser: true },
  },
  {
    id: 'workspace-invite',
    group: 'Workspaces',
    name: 'I am invited to a workspace',
    defaults: { email: true, browser: true },
  },
  {
    id: 'workspace-joined',
    group: 'Workspaces',
    name: 'Someone joins a workspace I manage',
    defaults: { email: false, browser: true },
  },
  {
    id: 'storage-almost-full',
    group: 'Storage',
    name: 'My storage space is almost full',
    defaults: { email: true, browser: true },
  },
  {
    id: 'new-sign-in',
    group: 'Security',
    name: 'A new sign-in to my account',
    defaults: { email: true, browser: true },
  },
  {
    id: 'two-factor-changed',
    group: 'Security',
    name: 'Two-factor authentication is turned on or off',
    defaults: { email: true, browser: true },
  },
  {
    id: 'payment-received',
    group: 'Billing',
    name: 'A payment for my plan is received',
    defaults: { email: true, browser: false },
  },
  {
    id: 'payment-failed',
    group: 'Billing',
    name: 'A payment for my plan fails',
    defaults: { email: true, browser: true },
  },
  {
    id: 'subscription-cancelled',
    group: 'Billing',
    name: 'My plan is cancelled',
    defaults: { email: true, browser: false },
  },
  {
    id: 'subscription-ending',
    group: 'Billing',
    name: 'My cancelled plan ends in three days',
    defaults: { email: true, browser: true },
  },
  {
    id: 'subscription-ended',
    group: 'Billing',
    name: 'My plan has ended',
    defaults: { email: true, browser: true },
  },
];

const byId = new Map(NOTIFICATION_CATALOGUE.map((t) => [t.id as string, t]));

/** The defaults of a type; a type outside the catalogue goes to the in-app list only. */
export const defaultChannels = (type: string): Channels => byId.get(type)?.defaults ?? { email: false, browser: false };
