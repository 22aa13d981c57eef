import type { MailMessage, Mailer } from '../../mail/mailer.ts';

/** Keeps what was sent. */
export class FakeMailer implements Mailer {
  readonly sent: MailMessage[] = [];
  async send(message: MailMessage): Promise<void> {
    this.sent.push(message);
  }
}
