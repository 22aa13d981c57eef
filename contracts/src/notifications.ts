import { z } from 'zod';
import { NOTIFICATIONS_PAGE_SIZE } from './constants.ts';

// Notifications: stored notifications (spec part 1, 3 "Notification"), the list,
// mark-as-read and clear calls (part 1, 7.2), subscription preferences ("Notification
// subscription data"), the live stream and Web Push subscriptions.

/** Every notification type the product sends (the notif_id of subscriptions). */
export const NOTIFICATION_TYPES = [
  'file-entry-shared',
  'workspace-invite',
  'workspace-joined',
  'shared-folder-upload',
  'storage-almost-full',
  'new-sign-in',
  'two-factor-changed',
  'payment-received',
  'payment-failed',
  'subscription-cancelled',
  'subscription-ending',
  'subscription-ended',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const NOTIFICATION_CHANNELS = ['email', 'browser'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** Icon keys data.image may hold instead of an image URL (part 1, 3). */
export const NOTIFICATION_ICONS = ['group-add', 'people', 'export-csv'] as const;

/** Web Push: how long an endpoint or key may be. */
export const PUSH_ENDPOINT_MAX_LENGTH = 2000;

export const NotificationActionSchema = z.object({
  action: z.string().describe('A URL (absolute opens a new tab) or an in-app path, or an action key.'),
  label: z.string(),
});
export type NotificationAction = z.infer<typeof NotificationActionSchema>;

export const NotificationLineSchema = z.object({
  type: z.enum(['primary', 'other']),
  icon: z.string().optional(),
  content: z.string().describe('HTML, sanitised on the server (strong, em, b, i, a, br, span only).'),
  action: NotificationActionSchema.optional(),
});
export type NotificationLine = z.infer<typeof NotificationLineSchema>;

export const NotificationDataSchema = z
  .object({
    image: z.string().optional().describe("An icon key ('group-add', 'people', 'export-csv') or an image URL."),
    lines: z.array(NotificationLineSchema),
    mainAction: NotificationActionSchema.optional(),
    buttonActions: z.array(z.object({ label: z.string(), action: z.string() })).optional(),
    inviteId: z.string().optional().describe('Workspace invites: the invite to join or decline.'),
  })
  .loose();
export type NotificationData = z.infer<typeof NotificationDataSchema>;

export const NotificationSchema = z
  .object({
    id: z.string(),
    type: z.string(),
    created_at: z.string(),
    read_at: z.string().nullable().describe('null while unread.'),
    data: NotificationDataSchema,
  })
  .describe('A notification (spec part 1, 3).');
export type Notification = z.infer<typeof NotificationSchema>;

export const NotificationsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100000).default(1),
  perPage: z.coerce.number().int().min(1).max(NOTIFICATIONS_PAGE_SIZE).default(NOTIFICATIONS_PAGE_SIZE),
});
export type NotificationsQuery = z.infer<typeof NotificationsQuerySchema>;

export const NotificationsResponseSchema = z.object({
  pagination: z.object({
    data: z.array(NotificationSchema),
    current_page: z.number().int(),
    last_page: z.number().int(),
    per_page: z.number().int(),
    total: z.number().int(),
  }),
});
export type NotificationsResponse = z.infer<typeof NotificationsResponseSchema>;

export const MarkAsReadBodySchema = z.union([
  z.object({ ids: z.array(z.string().max(64)).min(1).max(1000) }),
  z.object({ all: z.literal(true) }),
]);
export type MarkAsReadBody = z.infer<typeof MarkAsReadBodySchema>;

export const UnreadCountSchema = z.object({ unreadCount: z.number().int() });
export type UnreadCount = z.infer<typeof UnreadCountSchema>;

export const ChannelsSchema = z.object({ email: z.boolean(), browser: z.boolean() });
export type Channels = z.infer<typeof ChannelsSchema>;

export const NotificationSubscriptionsSchema = z.object({
  available_channels: z.array(z.enum(NOTIFICATION_CHANNELS)),
  subscriptions: z
    .record(z.string(), z.array(z.object({ notif_id: z.string(), name: z.string() })))
    .describe('Notification types by group_name.'),
  user_selections: z.array(z.object({ notif_id: z.string(), channels: ChannelsSchema })),
});
export type NotificationSubscriptions = z.infer<typeof NotificationSubscriptionsSchema>;

export const UpdateSubscriptionsBodySchema = z.object({
  selections: z
    .array(
      z.object({
        notif_id: z.enum(NOTIFICATION_TYPES),
        channels: z.object({ email: z.boolean().optional(), browser: z.boolean().optional() }),
      }),
    )
    .max(100),
});
export type UpdateSubscriptionsBody = z.infer<typeof UpdateSubscriptionsBodySchema>;

export const PushSubscriptionBodySchema = z.object({
  endpoint: z.string().url().max(PUSH_ENDPOINT_MAX_LENGTH),
  keys: z.object({ p256dh: z.string().min(1).max(200), auth: z.string().min(1).max(100) }),
});
export type PushSubscriptionBody = z.infer<typeof PushSubscriptionBodySchema>;

export const DeletePushSubscriptionBodySchema = z.object({ endpoint: z.string().max(PUSH_ENDPOINT_MAX_LENGTH) });
export type DeletePushSubscriptionBody = z.infer<typeof DeletePushSubscriptionBodySchema>;

/** Server-sent events of GET notifications/stream (names in constants.ts). */
export type NotificationStreamEvent = { notification: Notification; unreadCount: number };
export type UnreadStreamEvent = { unreadCount: number };

/**
 * What a Web Push message carries (decrypted by the browser, shown by the service worker):
 * the site name as title, the primary line as plain text, and where a click goes.
 */
export type NotificationPushPayload = {
  id: string;
  type: string;
  title: string;
  body: string;
  url: string;
  image?: string;
};
