import type { MailMessage } from './mailer.ts';

export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The HTML frame of every mail: paragraphs (HTML, escaped by the caller) and the site name. */
export function layout(siteName: string, paragraphs: string[]): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${p}</p>`).join('');
  const frame = 'font-family:system-ui,sans-serif;color:#1f2937;max-width:560px;margin:0 auto;padding:24px';
  const footer = `<p style="color:#6b7280">${escapeHtml(siteName)}</p>`;
  return `<!doctype html><html><body style="${frame}">${body}${footer}</body></html>`;
}

/** The six-digit code of the verification screen (spec part 1, 2.5). */
export function verificationCodeMail(to: string, siteName: string, code: string, minutes: number): MailMessage {
  return {
    to,
    template: 'verification_code',
    subject: `${code} is your ${siteName} verification code`,
    text: [
      `Your verification code is ${code}`,
      '',
      `Enter it on the "Verify your email" screen. It expires in ${minutes} minutes.`,
      'If you did not create an account, you can ignore this email.',
      '',
      `${siteName}\n`,
    ].join('\n'),
    html: layout(siteName, [
      'Your verification code is',
      `<strong style="font-size:28px;letter-spacing:4px">${escapeHtml(code)}</strong>`,
      `Enter it on the "Verify your email" screen. It expires in ${minutes} minutes.`,
      'If you did not create an account, you can ignore this email.',
    ]),
  };
}

/** The link to /password/reset/{token} (spec part 1, 2.1). */
export function passwordResetMail(to: string, siteName: string, link: string, minutes: number): MailMessage {
  return {
    to,
    template: 'password_reset',
    subject: `Reset your ${siteName} password`,
    text: [
      'You asked to reset your password. Open this link to choose a new one:',
      '',
      link,
      '',
      `The link expires in ${minutes} minutes and works once.`,
      'If you did not ask for it, you can ignore this email; your password stays as it is.',
      '',
      `${siteName}\n`,
    ].join('\n'),
    html: layout(siteName, [
      'You asked to reset your password.',
      `<a href="${escapeHtml(link)}">Choose a new password</a>`,
      `The link expires in ${minutes} minutes and works once. ` +
        'If you did not ask for it, you can ignore this email; your password stays as it is.',
    ]),
  };
}
