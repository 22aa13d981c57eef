import { SMTPServer } from 'smtp-server';
import PostalMime from 'postal-mime';

export type CaughtMail = { to: string[]; subject: string; text: string; html: string };

/**
 * A real SMTP listener on a free loopback port; the server under test sends to it through
 * SMTP_URL. STARTTLS is off (smtp-server's built-in certificate has expired).
 */
export async function startMailCatcher() {
  const messages: CaughtMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        void PostalMime.parse(Buffer.concat(chunks))
          .then((mail) => {
            messages.push({
              to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
              subject: mail.subject ?? '',
              text: mail.text ?? '',
              html: mail.html ?? '',
            });
            for (const waiter of waiters) waiter();
            callback();
          })
          .catch((error: Error) => callback(error));
      });
    },
  });
  const port = await new Promise<number>((resolve, reject) => {
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.server.address();
      resolve(typeof address === 'object' && address ? address.port : 0);
    });
  });

  /** Resolves with the first message (caught already or later) that matches, or fails after the timeout. */
  const waitFor = (match: (m: CaughtMail) => boolean, timeoutMs = 10_000): Promise<CaughtMail> =>
    new Promise((resolve, reject) => {
      const check = () => {
        const found = messages.find(match);
        if (!found) return false;
        waiters.delete(check);
        clearTimeout(timer);
        resolve(found);
        return true;
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        const caught = messages.map((m) => `${m.to.join(',')}: ${m.subject}`).join(' | ') || 'none';
        reject(new Error(`no mail matched within ${timeoutMs} ms; caught: ${caught}`));
      }, timeoutMs);
      if (!check()) waiters.add(check);
    });

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitFor,
    /** Messages to one address, oldest first. */
    to: (address: string) => messages.filter((m) => m.to.includes(address.toLowerCase())),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
