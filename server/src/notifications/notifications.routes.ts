import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  DeletePushSubscriptionBodySchema,
  EmptyResponseSchema,
  MarkAsReadBodySchema,
  NotificationsQuerySchema,
  NotificationsResponseSchema,
  NotificationSubscriptionsSchema,
  PushSubscriptionBodySchema,
  UnreadCountSchema,
  UpdateSubscriptionsBodySchema,
  RealtimeStatusSchema,
} from '@kosh/contracts';
import type { ActorResolver } from '../auth/actor-resolver.ts';
import type { NotificationsModule } from './notifications.module.ts';

const tags = ['notifications'];

/** Notifications (spec part 1, 7.2): list, mark as read, clear, preferences, Web Push and the live stream. */
export async function notificationsRoutes(
  app: FastifyInstance,
  { notifications, signIns }: { notifications: NotificationsModule; signIns: Pick<ActorResolver, 'signInCheckOf'> },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { inbox, preferences, stream } = notifications;

  api.get('/notifications', {
    schema: {
      tags,
      summary: "The caller's notifications, newest first (30 a page).",
      querystring: NotificationsQuerySchema,
      response: { 200: NotificationsResponseSchema },
    },
    handler: async (request) => inbox.list(request.actor, request.query),
  });

  api.post('/notifications/mark-as-read', {
    schema: {
      tags,
      summary: 'Mark notifications read: the ids given, or all with { all: true }.',
      description: "Ids of someone else's notifications change nothing. Answers the caller's unread count.",
      body: MarkAsReadBodySchema,
      response: { 200: UnreadCountSchema },
    },
    handler: async (request) => inbox.markAsRead(request.actor, request.body),
  });

  api.delete('/notifications/clear', {
    schema: { tags, summary: "Delete all of the caller's notifications.", response: { 200: EmptyResponseSchema } },
    handler: async (request) => {
      await inbox.clear(request.actor);
      return {};
    },
  });

  api.get('/notifications/me/subscriptions', {
    schema: {
      tags,
      summary: 'Notification preferences: every notification type by group, with the channels the caller gets it on.',
      response: { 200: NotificationSubscriptionsSchema },
    },
    handler: async (request) => preferences.get(request.actor),
  });

  api.put('/notifications/me/subscriptions', {
    schema: {
      tags,
      summary: 'Choose the channels (email, browser) of notification types.',
      description: 'A channel left out keeps its value. The in-app list always receives every notification.',
      body: UpdateSubscriptionsBodySchema,
      response: { 200: EmptyResponseSchema },
    },
    handler: async (request) => {
      await preferences.update(request.actor, request.body);
      return {};
    },
  });

  api.post('/notifications/push-subscriptions', {
    schema: {
      tags,
      summary: "Register this browser for Web Push (the browser channel): its PushSubscription's endpoint and keys.",
      description: [
        'The endpoint must be a public https address. Subscribe with the VAPID key in bootstrap data',
        '(settings.notifications.vapid_public_key).',
      ].join(' '),
      body: PushSubscriptionBodySchema,
      response: { 201: EmptyResponseSchema },
    },
    handler: async (request, reply) => {
      await preferences.subscribePush(request.actor, request.body);
      return reply.status(201).send({});
    },
  });

  api.delete('/notifications/push-subscriptions', {
    schema: {
      tags,
      summary: 'Stop Web Push to a browser (its endpoint).',
      body: DeletePushSubscriptionBodySchema,
      response: { 200: EmptyResponseSchema },
    },
    handler: async (request) => {
      await preferences.unsubscribePush(request.actor, request.body.endpoint);
      return {};
    },
  });

  api.get('/notifications/stream', {
    schema: {
      tags,
      summary: [
        'Server-sent events: `notification` ({ notification, unreadCount }) when one arrives, `unread` ({',
        'unreadCount }) when the count changes otherwise.',
      ].join(' '),
      description: [
        'Opens with an `unread` event; a comment heartbeat follows every 20 seconds. At most 8 streams per user (429',
        'beyond).',
      ].join(' '),
    },
    handler: async (request, reply) => {
      const user = request.actor.requireUser();
      // The sign-in the stream was opened with, asked again at each heartbeat.
      await stream.open(request.actor, reply, signIns.signInCheckOf(request, user.id));
    },
  });
  api.get('/admin/realtime', {
    schema: {
      tags: ['admin'],
      summary: 'Every server process with its open event streams and LISTEN connection (permission settings.update).',
      response: { 200: RealtimeStatusSchema },
    },
    handler: async (request) => notifications.census.status(request.actor),
  });
}
