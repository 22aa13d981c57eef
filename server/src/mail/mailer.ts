import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import type { Logger } from 'pino';
import type { SettingsReader } from '../settings/settings.service.ts';
import { MAIL_SETTING_KEYS, mailSettingsOf } from './mail-settings.ts';

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

/** A sender as nodemailer takes it: 'Name <address>', or the two apart (no quoting to get wrong). */
export type MailFrom = string | { name: string; address: string };

/** Through an SMTP server: the address SMTP_URL gives (smtp:// or smtps://), or the settings' options. */
export class SmtpMailer implements Mailer {
  private readonly server: string | SMTPTransport.Options;
  private readonly from: MailFrom;
  private transport: Promise<Transporter> | undefined;
  constructor(server: string | SMTPTransport.Options, from: MailFrom) {
    this.server = server;
    this.from = from;
  }

  async send(message: MailMessage): Promise<void> {
    this.transport ??= loadNodemailer().then((nodemailer) => nodemailer.createTransport(this.server));
    await (await this.transport).sendMail({ from: this.from, ...message });
  }
}

/** Without an SMTP server: each message becomes an .eml file under DATA_DIR/mail, and its path is logged. */
export class FileMailer implements Mailer {
  private transport: Promise<Transporter> | undefined;
  private readonly dir: string;
  private readonly from: MailFrom;
  private readonly logger: Logger;
  constructor(dir: string, from: MailFrom, logger: Logger) {
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
    this.logger.info({ file, subject: message.subject }, 'mail written to file (no SMTP server is set up)');
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

/**
 * Mail the way the settings say at the moment of sending (the outgoing-email tab, or SMTP_URL and
 * MAIL_FROM, which win): a change reaches every process with its next message, no restart. The
 * transport is kept while the settings stay the same.
 */
export class ConfiguredMailer implements Mailer {
  private readonly deps: { settings: SettingsReader; smtpUrl: string | undefined; dataDir: string; logger: Logger };
  private current: { key: string; mailer: Mailer } | undefined;
  constructor(deps: ConfiguredMailer['deps']) {
    this.deps = deps;
  }

  async send(message: MailMessage): Promise<void> {
    await (await this.mailer()).send(message);
  }

  private async mailer(): Promise<Mailer> {
    const values = Object.fromEntries(
      await Promise.all(MAIL_SETTING_KEYS.map(async (key) => [key, await this.deps.settings.get(key)] as const)),
    );
    const settings = mailSettingsOf(values);
    const from = settings.from.name ? settings.from : settings.from.address;
    const key = JSON.stringify([settings, this.deps.smtpUrl]);
    if (this.current?.key !== key) {
      const { smtpUrl, dataDir, logger } = this.deps;
      const mailer = smtpUrl
        ? new SmtpMailer(smtpUrl, from)
        : settings.driver === 'smtp'
          ? new SmtpMailer(settings.smtp, from)
          : new FileMailer(path.join(dataDir, 'mail'), from, logger);
      this.current = { key, mailer };
    }
    return this.current.mailer;
  }
}
