import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Transporter } from 'nodemailer';
import type { Logger } from 'pino';

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Where replies go (an enquiry's sender); name and address apart, so neither is parsed as a list. */
  replyTo?: { name: string; address: string };
  /** Which mail this is (password_reset, share_invitation, ...), for the outgoing email log. */
  template?: string;
};

/**
 * nodemailer on the first message, not at start: some 25 MB of memory (DESIGN.md keeps the
 * server under 200 MB) that most minutes of a server's life do not need.
 */
let nodemailerModule: Promise<typeof import('nodemailer')> | undefined;
const loadNodemailer = () => (nodemailerModule ??= import('nodemailer'));

/** Sends mail; services depend on this, never on nodemailer. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** Through the SMTP server that SMTP_URL names (smtp:// or smtps://). */
export class SmtpMailer implements Mailer {
  private readonly url: string;
  private readonly from: string;
  private transport: Promise<Transporter> | undefined;
  constructor(url: string, from: string) {
    this.url = url;
    this.from = from;
  }

  async send(message: MailMessage): Promise<void> {
    this.transport ??= loadNodemailer().then((nodemailer) => nodemailer.createTransport(this.url));
    await (await this.transport).sendMail({ from: this.from, ...message });
  }
}

/** Without SMTP: each message becomes an .eml file under DATA_DIR/mail, and its path is logged. */
export class FileMailer implements Mailer {
  private transport: Promise<Transporter> | undefined;
  private readonly dir: string;
  private readonly from: string;
  private readonly logger: Logger;
  constructor(dir: string, from: string, logger: Logger) {
    this.dir = dir;
    this.from = from;
    this.logger = logger;
  }

  async send(message: MailMessage): Promise<void> {
    this.transport ??= loadNodemailer().then((nodemailer) =>
      nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
    );
    const info = await (await this.transport).sendMail({ from: this.from, ...message });
    await fs.mkdir(this.dir, { recursive: true });
    const file = path.join(
      this.dir,
      `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`,
    );
    await fs.writeFile(file, info.message as Buffer, { mode: 0o600 });
    this.logger.info({ file, subject: message.subject }, 'mail written to file (no SMTP_URL)');
  }
}

/** Writes each message down, sent or refused, after the mailer underneath has tried it. */
export interface MailRecorder {
  record(message: MailMessage, outcome: { ok: true } | { ok: false; error: string }): Promise<void>;
}

/** A mailer whose every message lands in the outgoing email log; a log failure never loses a mail. */
export class LoggedMailer implements Mailer {
  private readonly inner: Mailer;
  private readonly recorder: MailRecorder;
  private readonly logger: Logger;
  constructor(inner: Mailer, recorder: MailRecorder, logger: Logger) {
    this.inner = inner;
    this.recorder = recorder;
    this.logger = logger;
  }

  async send(message: MailMessage): Promise<void> {
    const { template: _template, ...mail } = message;
    const note = (outcome: Parameters<MailRecorder['record']>[1]) =>
      this.recorder
        .record(message, outcome)
        .catch((error: unknown) => this.logger.warn({ err: error }, 'the outgoing email log could not be written'));
    try {
      await this.inner.send(mail);
    } catch (error) {
      await note({ ok: false, error: error instanceof Error ? error.message : String(error) });
      throw error;
    }
    await note({ ok: true });
  }
}

export function createMailer(
  config: { smtpUrl: string | undefined; mailFrom: string; dataDir: string },
  logger: Logger,
): Mailer {
  return config.smtpUrl
    ? new SmtpMailer(config.smtpUrl, config.mailFrom)
    : new FileMailer(path.join(config.dataDir, 'mail'), config.mailFrom, logger);
}
