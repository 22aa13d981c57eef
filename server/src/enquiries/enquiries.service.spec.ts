import { ENQUIRY_SENT_MESSAGE, type SendEnquiryBody } from '@kosh/contracts';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { Mailer } from '../mail/mailer.ts';
import { NOT_HUMAN } from '../recaptcha/recaptcha.service.ts';
import { FakeMailer } from '../testing/fakes/mailer.fake.ts';
import { userRow } from '../testing/fakes/rows.ts';
import { FakeSettings } from '../testing/fakes/settings.fake.ts';
import { TestClock } from '../testing/test-clock.ts';
import type { EnquiriesRepository, EnquiryRow } from './enquiries.repository.ts';
import { EnquiriesService } from './enquiries.service.ts';
import { defaultMailTemplates } from '../mail/default-mail-templates.ts';

/** enquiries over an array. */
class FakeEnquiries implements Pick<EnquiriesRepository, 'create' | 'markMailed'> {
  readonly rows: EnquiryRow[] = [];
  async create(row: Omit<EnquiryRow, 'id'>): Promise<EnquiryRow> {
    const stored = { id: this.rows.length + 1, ...row };
    this.rows.push(stored);
    return stored;
  }
  async markMailed(id: number, at: string): Promise<void> {
    const row = this.rows.find((r) => r.id === id);
    if (row) row.mailed_at = at;
  }
}

/** The human check: on or off, and the proofs that pass (each once). */
class FakeRecaptcha {
  isOn = false;
  readonly proofs = new Set<string>();
  readonly spent: Array<{ nonce: string | undefined; remoteIp: string }> = [];
  async isRequiredFor(action: string): Promise<boolean> {
    return this.isOn && action === 'contact';
  }
  async spend(input: { nonce: string | undefined; token: string | undefined; remoteIp: string }): Promise<boolean> {
    this.spent.push({ nonce: input.nonce, remoteIp: input.remoteIp });
    return input.nonce !== undefined && this.proofs.delete(input.nonce);
  }
}

const BODY: SendEnquiryBody = {
  name: 'Asha Rao',
  email: 'asha@example.test',
  mobileNumber: '+91 98765 43210',
  message: 'We need 12 TB.',
};
const ADMIN = userRow({ id: 7, email: 'admin@example.test' });
const sender = (humanNonce?: string) => ({
  userId: null,
  ctx: { ip: '198.51.100.4', userAgent: 'Mozilla/5.0', sessionId: null, baseUrl: 'https://kosh.test' },
  humanNonce,
});

function setUp(opts: { contactEmail?: string; admin?: typeof ADMIN; mailer?: Mailer } = {}) {
  const clock = new TestClock();
  const enquiries = new FakeEnquiries();
  const recaptcha = new FakeRecaptcha();
  const mailer = new FakeMailer();
  const sut = new EnquiriesService({
    enquiries,
    templates: defaultMailTemplates(),
    users: { getFirstAdmin: async () => opts.admin },
    settings: new FakeSettings({ 'contact.email': opts.contactEmail ?? 'office@example.test' }),
    recaptcha,
    mailer: opts.mailer ?? mailer,
    logger: pino({ level: 'silent' }),
    clock: clock.now,
  });
  return { sut, clock, enquiries, recaptcha, mailer };
}

describe('EnquiriesService', () => {
  describe('send', () => {
    it('stores the enquiry, mails it to contact.email and marks it mailed', async () => {
      const { sut, clock, enquiries, mailer } = setUp({ admin: ADMIN });
      expect(await sut.send('reseller', BODY, sender())).toEqual({ message: ENQUIRY_SENT_MESSAGE });
      expect(enquiries.rows).toEqual([
        {
          id: 1,
          kind: 'reseller',
          name: 'Asha Rao',
          email: 'asha@example.test',
          mobile_number: '+91 98765 43210',
          message: 'We need 12 TB.',
          user_id: null,
          ip_address: '198.51.100.4',
          user_agent: 'Mozilla/5.0',
          mailed_at: clock.iso(),
          created_at: clock.iso(),
        },
      ]);
      expect(mailer.sent.map((m) => [m.to, m.subject, m.replyTo])).toEqual([
        ['office@example.test', 'Reseller enquiry from Asha Rao', { name: 'Asha Rao', address: 'asha@example.test' }],
      ]);
    });

    it("mails the first admin's address when contact.email is blank", async () => {
      const { sut, mailer } = setUp({ contactEmail: '  ', admin: ADMIN });
      await sut.send('contact', BODY, sender());
      expect(mailer.sent.map((m) => m.to)).toEqual(['admin@example.test']);
    });

    it('keeps the enquiry unmailed when there is nobody to mail it to', async () => {
      const { sut, enquiries, mailer } = setUp({ contactEmail: '' });
      expect(await sut.send('contact', BODY, sender())).toEqual({ message: ENQUIRY_SENT_MESSAGE });
      expect(enquiries.rows.map((r) => r.mailed_at)).toEqual([null]);
      expect(mailer.sent).toEqual([]);
    });

    it('keeps the enquiry unmailed and still answers success when the mail fails', async () => {
      const failing: Mailer = {
        send: async () => {
          throw new Error('connect ECONNREFUSED');
        },
      };
      const { sut, enquiries } = setUp({ mailer: failing });
      expect(await sut.send('contact', BODY, sender())).toEqual({ message: ENQUIRY_SENT_MESSAGE });
      expect(enquiries.rows.map((r) => [r.name, r.mailed_at])).toEqual([['Asha Rao', null]]);
    });

    it('puts a name with line breaks on one Subject line and escapes it in the HTML', async () => {
      const { sut, mailer } = setUp();
      await sut.send('contact', { ...BODY, name: 'Eve\r\nBcc: <b>all</b>' }, sender());
      expect(mailer.sent[0]?.subject).toBe('Contact enquiry from Eve Bcc: <b>all</b>');
      expect(mailer.sent[0]?.html).toContain('Eve<br>Bcc: &#60;b&#62;all&#60;/b&#62;');
    });
  });

  describe('with the human check on', () => {
    it('refuses without a passed check (403), storing and mailing nothing', async () => {
      const { sut, enquiries, mailer, recaptcha } = setUp();
      recaptcha.isOn = true;
      await expect(sut.send('contact', BODY, sender('made-up'))).rejects.toMatchObject({
        status: 403,
        message: NOT_HUMAN,
      });
      expect(enquiries.rows).toEqual([]);
      expect(mailer.sent).toEqual([]);
    });

    it('spends a passed check from the sender’s address, once', async () => {
      const { sut, enquiries, recaptcha } = setUp();
      recaptcha.isOn = true;
      recaptcha.proofs.add('proof-1');
      await sut.send('reseller', BODY, sender('proof-1'));
      expect(recaptcha.spent).toEqual([{ nonce: 'proof-1', remoteIp: '198.51.100.4' }]);
      await expect(sut.send('reseller', BODY, sender('proof-1'))).rejects.toMatchObject({ status: 403 });
      expect(enquiries.rows).toHaveLength(1);
    });

    it('asks for no check while it is off', async () => {
      const { sut, recaptcha } = setUp();
      await sut.send('contact', BODY, sender());
      expect(recaptcha.spent).toEqual([]);
    });
  });
});
