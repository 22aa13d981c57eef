import { SMTPServer } from 'smtp-server';
import PostalMime from 'postal-mime';

export type CapturedMail = {
  to: string[];
  /** The From header as `Name <address>` (or the bare address). */
  from: string;
  subject: string;
  text: string;
  html: string;
  /** Reply-To mailboxes as `Name <address>` (or the bare address without a name). */
  replyTo: string[];
};

/**
 * A real SMTP listener on 127.0.0.1 that keeps every message it receives, parsed. STARTTLS is
 * off (the package's built-in certificate is expired) and no login is asked for.
 */
export class MailCatcher {
  readonly messages: CapturedMail[] = [];
  private readonly server: SMTPServer;
  private port = 0;

  constructor() {
    this.server = new SMTPServer({
      disabledCommands: ['STARTTLS'],
      authOptional: true,
      logger: false,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          PostalMime.parse(Buffer.concat(chunks))
            .then((mail) => {
              this.messages.push({
                to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
                from: mail.from?.name ? `${mail.from.name} <${mail.from.address}>` : (mail.from?.address ?? ''),
                subject: mail.subject ?? '',
                text: mail.text ?? '',
                html: mail.html ?? '',
                replyTo: (mail.replyTo ?? []).flatMap((a) =>
                  (a.group ?? [a]).map((m) => (m.name ? `${m.name} <${m.address}>` : m.address)),
                ),
              });
              callback();
            })
            .catch((error: Error) => callback(error));
        });
      },
    });
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(0, '127.0.0.1', () => resolve());
    });
    this.port = (this.server.server.address() as { port: number }).port;
    return this;
  }

  /** The env value that points the app at this listener. */
  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  /** Waits for a message to the address that satisfies `match`; fails with what did arrive. */
  async waitFor(to: string, match: (m: CapturedMail) => boolean = () => true, timeoutMs = 5000): Promise<CapturedMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.messages.filter((m) => m.to.includes(to.toLowerCase()) && match(m)).at(-1);
      if (found) return found;
      if (Date.now() > deadline) {
        const got = JSON.stringify(this.messages.map((m) => [m.to, m.subject]));
        throw new Error(`No mail to ${to} within ${timeoutMs} ms; got: ${got}`);
      }
      await new Promise((r) => setTimeout(r, 25));
    }
  }

  /** Messages to the address so far. */
  to(address: string): CapturedMail[] {
    return this.messages.filter((m) => m.to.includes(address.toLowerCase()));
  }

  /** The six-digit code of the latest verification mail to the address. */
  async codeFor(to: string, after = 0): Promise<string> {
    const mail = await this.waitFor(
      to,
      (m) => /verification code/i.test(m.subject) && this.messages.indexOf(m) >= after,
    );
    return /\b(\d{6})\b/.exec(mail.text)![1];
  }

  /** The reset link of the latest password mail to the address. */
  async resetLinkFor(to: string, after = 0): Promise<URL> {
    const mail = await this.waitFor(to, (m) => /reset your/i.test(m.subject) && this.messages.indexOf(m) >= after);
    return new URL(/(https?:\/\/\S+\/password\/reset\/\S+)/.exec(mail.text)![1]);
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
