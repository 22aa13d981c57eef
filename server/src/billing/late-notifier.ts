import type { NotifyInput, Notifier } from '../notifications/notification.service.ts';

/**
 * A notifier bound after it is handed out: billing is made before the notifications module
 * (whose senders need the plans' space), so its notices go through this until modules.ts binds
 * the real one. Unbound, a notice is dropped.
 */
export class LateNotifier implements Notifier {
  private target: Notifier | undefined;

  bind(target: Notifier): void {
    this.target = target;
  }

  async notify(userId: number, input: NotifyInput): Promise<void> {
    await this.target?.notify(userId, input);
  }

  async settleInvite(userId: number, inviteId: string): Promise<void> {
    await this.target?.settleInvite(userId, inviteId);
  }
}
