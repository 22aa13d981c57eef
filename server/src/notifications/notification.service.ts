import type { Notification, NotificationData, NotificationPushPayload } from '@kosh/contracts';
import type { Logger } from 'pino';
import type { Database } from '../db/database.ts';
import { now } from '../db/database.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { MailTemplates } from '../mail/mail-templates.service.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import type { UsersRepository } from '../users/users.repository.ts';
import type { LiveHub } from './live-hub.ts';
import { defaultChannels } from './notification-types.ts';
import type { NotificationRow, NotificationsRepository } from './notifications.repository.ts';
import { htmlToText, sanitizeNotificationHtml } from './sanitize-line.ts';
import type { SubscriptionsRepository } from './subscriptions.repository.ts';
import type { PushSender } from './web-push.ts';

export type NotifyInput = {
  type: string;
  data: NotificationData;
  /** The email channel's message; without it the mail is made from the lines and main action. */
  mail?: { subject: string; text: string; html: string; template?: string };
  /** Origin for links in mail and push (the request's); APP_URL when absent. */
  baseUrl?: string;
};

/** What other areas depend on: `services.notifications.notify(userId, input, db?)`. */
export interface Notifier {
  notify(userId: number, input: NotifyInput, db?: Database): Promise<void>;
  /** An invite was answered (joined, declined): its notification is read and loses its Join and Decline buttons. */
  settleInvite(userId: number, inviteId: string): Promise<void>;
}

type Deps = {
  db: Database;
  repo: NotificationsRepository;
  subscriptions: SubscriptionsRepository;
  users: UsersRepository;
  hub: LiveHub;
  push: PushSender;
  mailer: Mailer;
  templates: MailTemplates;
  settings: SettingsService;
  appUrl: string | undefined;
  logger: Logger;
};

/** A stored row as the API answers it. */
export const presentNotification = (row: NotificationRow): Notification => ({
  id: row.id,
  type: row.type,
  created_at: row.created_at,
  read_at: row.read_at,
  data: JSON.parse(row.data) as Notification['data'],
});

/**
 * The one way areas notify a user: sanitises the lines' HTML, stores the
 * notification (in the caller's transaction when given), signals open streams in every server
 * process, then mails and pushes it as the user chose for its type. Mail and push run after the
 * call answers; a failure there is logged, never thrown at the caller.
 */
export class NotificationService implements Notifier {
  private readonly deps: Deps;
  private readonly pending = new Set<Promise<void>>();
  constructor(deps: Deps) {
    this.deps = deps;
  }

  async notify(userId: number, input: NotifyInput, db?: Database): Promise<void> {
    const data = sanitizeData(input.data);
    const row = await this.deps.repo.create({ userId, type: input.type, data, at: now() }, db);
    await this.deps.hub.publish({ userId, notificationId: row.id }, db);
    const delivery = this.deliver(row, data, input, db !== undefined && db !== this.deps.db).catch((err: unknown) =>
      this.deps.logger.error({ err, userId, type: input.type }, 'could not deliver a notification'),
    );
    this.pending.add(delivery);
    void delivery.finally(() => this.pending.delete(delivery));
  }

  async settleInvite(userId: number, inviteId: string): Promise<void> {
    const rows = (await this.deps.repo.ofType(userId, 'workspace-invite')).filter(
      (row) => (JSON.parse(row.data) as NotificationData).inviteId === inviteId,
    );
    if (!rows.length) return;
    const at = now();
    for (const row of rows) {
      const data = JSON.parse(row.data) as NotificationData;
      await this.deps.repo.settle(row.id, JSON.stringify({ ...data, buttonActions: [] }), row.read_at ?? at);
    }
    await this.deps.hub.publish({ userId });
  }

  /** Resolves once every mail and push started so far is done (shutdown, tests). */
  async idle(): Promise<void> {
    while (this.pending.size) await Promise.all([...this.pending]);
  }

  private async deliver(
    row: NotificationRow,
    data: NotificationData,
    input: NotifyInput,
    inTransaction: boolean,
  ): Promise<void> {
    // Stored in the caller's transaction: wait for it to commit (and send nothing if it did not).
    if (inTransaction && !(await this.committed(row.id))) return;
    const channels = (await this.deps.subscriptions.selectionOf(row.user_id, row.type)) ?? {
      ...defaultChannels(row.type),
      notif_id: row.type,
    };
    if (!channels.email && !channels.browser) return;
    const siteName = await this.deps.settings.get<string>('branding.site_name');
    const baseUrl = (input.baseUrl ?? this.deps.appUrl ?? '').replace(/\/+$/, '');
    const primary = data.lines.find((l) => l.type === 'primary') ?? data.lines[0];
    const action = data.mainAction?.action ?? primary?.action?.action ?? '/notifications';
    const url = /^https?:\/\//i.test(action) ? action : `${baseUrl}${action.startsWith('/') ? '' : '/'}${action}`;
    const jobs: Promise<void>[] = [];
    if (channels.email) jobs.push(this.mail(row.user_id, siteName, data, url, input.mail));
    if (channels.browser) {
      const body = data.lines.map((l) => htmlToText(l.content)).join('\n');
      const image = data.image && /^https?:\/\//i.test(data.image) ? data.image : undefined;
      jobs.push(
        this.push(row.user_id, { id: row.id, type: row.type, title: siteName, body, url, ...(image ? { image } : {}) }),
      );
    }
    await Promise.all(jobs);
  }

  private async committed(id: string): Promise<boolean> {
    for (let attempt = 0; attempt < 20; attempt++) {
      if (await this.deps.repo.getById(id)) return true;
      await new Promise((r) => setTimeout(r, 250));
    }
    return false;
  }

  private async mail(
    userId: number,
    siteName: string,
    data: NotificationData,
    url: string,
    given: NotifyInput['mail'],
  ): Promise<void> {
    const user = await this.deps.users.getById(userId);
    if (!user) return;
    const text = data.lines.map((l) => htmlToText(l.content)).join('\n');
    const label = data.mainAction?.label ?? 'Open';
    // Without APP_URL a notification raised outside a request has only an in-app path: no link then.
    const isAbsolute = /^https?:\/\//i.test(url);
    // The lines are sanitised HTML already (sanitizeData): the template inserts them as markup.
    const message =
      given ??
      (await this.deps.templates.render('notification', {
        title: htmlToText(data.lines[0]?.content ?? siteName).slice(0, 200),
        message_html: data.lines.map((l) => `<p style="margin:0 0 16px">${l.content}</p>`).join(''),
        message_text: text,
        link: isAbsolute ? url : '',
        link_label: label,
        site_name: siteName,
      }));
    await this.deps.mailer.send({ to: user.email, template: 'notification', ...message });
  }

  private async push(userId: number, payload: NotificationPushPayload): Promise<void> {
    const subs = await this.deps.subscriptions.pushOf(userId);
    const body = JSON.stringify(payload);
    await Promise.all(
      subs.map(async (sub) => {
        // A subscription the push service no longer knows (404/410) will never work again.
        if ((await this.deps.push.send(sub, body)) === 'gone') await this.deps.subscriptions.deletePushById(sub.id);
      }),
    );
  }
}

/** Sanitises every line's content; the other fields are rendered as text by the web app. */
export function sanitizeData(data: NotificationData): NotificationData {
  return {
    ...data,
    lines: (data.lines ?? []).map((line) => ({ ...line, content: sanitizeNotificationHtml(line.content) })),
  };
}
