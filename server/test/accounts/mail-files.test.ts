import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import PostalMime from 'postal-mime';
import { createUser } from '../helpers/factories.ts';
import { newAgent } from '../helpers/accounts.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true', APP_URL: 'https://drive.example.test' });
});
afterAll(() => t.close());

async function waitForEml(dir: string): Promise<string> {
  // Mail is sent after the answer (equal timing for known and unknown addresses); allow a loaded machine.
  for (let i = 0; i < 300; i++) {
    const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.eml')) : [];
    if (files.length) return path.join(dir, files[0]);
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no .eml file appeared in ${dir}`);
}

describe('mail without SMTP_URL', () => {
  it('writes each message as an .eml file under DATA_DIR/mail', async () => {
    const user = await createUser(t.modules);
    await newAgent(t).post('/auth/forgot-password', { email: user.email });
    const file = await waitForEml(path.join(t.db.dataDir, 'mail'));
    const parsed = await PostalMime.parse(fs.readFileSync(file));
    expect(parsed.to?.[0]?.address).toBe(user.email);
    expect(parsed.subject).toBe('Reset your Kosh password');
    expect(parsed.text).toMatch(/https:\/\/drive\.example\.test\/password\/reset\/[A-Za-z0-9_-]{43}\?email=/);
    expect(parsed.html).toContain('Choose a new password');
  });
});
