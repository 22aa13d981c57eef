import type SMTPTransport from 'nodemailer/lib/smtp-transport';

/** The mail settings of the outgoing-email tab (flat keys), read into what nodemailer takes. */
export type MailSettings = {
  driver: 'file' | 'smtp';
  smtp: SMTPTransport.Options;
  from: { name: string; address: string };
};

const TIMEOUT_MS = 10_000;
const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** Reads the values of the mail keys (stored, or as SMTP_URL and MAIL_FROM give them). */
export function mailSettingsOf(values: Readonly<Record<string, unknown>>): MailSettings {
  const encryption = values['mail.smtp.encryption'];
  const user = str(values['mail.smtp.username']);
  return {
    driver: values['mail.driver'] === 'smtp' ? 'smtp' : 'file',
    smtp: {
      host: str(values['mail.smtp.host']),
      port: Number(values['mail.smtp.port']) || 587,
      secure: encryption === 'tls',
      requireTLS: encryption === 'starttls',
      ignoreTLS: encryption === 'none',
      ...(user ? { auth: { user, pass: str(values['mail.smtp.password']) } } : {}),
      connectionTimeout: TIMEOUT_MS,
      greetingTimeout: TIMEOUT_MS,
      socketTimeout: 2 * TIMEOUT_MS,
    },
    from: { name: str(values['mail.from_name']), address: str(values['mail.from_address']) },
  };
}

export const MAIL_SETTING_KEYS = [
  'mail.driver',
  'mail.smtp.host',
  'mail.smtp.port',
  'mail.smtp.username',
  'mail.smtp.password',
  'mail.smtp.encryption',
  'mail.from_address',
  'mail.from_name',
] as const;

/** Where SMTP sends, for messages about it: host and port, never the credentials. */
export const smtpPlace = (s: MailSettings) => `${s.smtp.host}:${s.smtp.port}`;
