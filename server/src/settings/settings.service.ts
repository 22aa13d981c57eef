import { Permission, settingsGroupErrorKey, type AdminSettings, type SettingsStatus } from '@kosh/contracts';
import type { AuditService } from '../admin/audit/audit.service.ts';
import type { Actor } from '../auth/actor.ts';
import type { KeyRing } from '../auth/key-ring.ts';
import { validation } from '../http/app-error.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { MailTemplates } from '../mail/mail-templates.service.ts';
import { billingSettingErrors, stripeModeOf, touchesBilling } from './billing-settings.ts';
import { CREDENTIAL_CHECKS, DEFAULT_TEST_MAIL, type CredentialCheck } from './credential-checks.ts';
import { SETTING_ENVIRONMENT } from './setting-environment.ts';
import { checkSetting, crossSettingErrors, isSecretSetting } from './setting-rules.ts';
import {
  ALL_SETTINGS,
  INTERNAL_SETTINGS,
  PUBLIC_SETTINGS,
  isKnownSetting,
  isPrivateSetting,
} from './settings.defaults.ts';
import type { SettingsRepository } from './settings.repository.ts';

/** What reads settings needs of the service (mail, the HTML renderer). */
export type SettingsReader = Pick<SettingsService, 'get'>;

/** Settings as nested objects, a level per dot of their keys ('branding.site_name'). */
export type SettingsTree = { [key: string]: unknown };

const isTree = (value: unknown): value is SettingsTree => typeof value === 'object' && value !== null;

/** Sets `value` at a dotted path inside `target`. */
function setPath(target: SettingsTree, dotted: string, value: unknown): void {
  let node = target;
  for (const part of dotted.split('.').slice(0, -1)) {
    const child = node[part] ?? {};
    if (!isTree(child)) throw new Error(`Setting ${dotted} lies under ${part}, which holds a value`);
    node[part] = child;
    node = child;
  }
  node[dotted.slice(dotted.lastIndexOf('.') + 1)] = value;
}

/** A stored secret is a box of the key ring; a value stored before secrets were encrypted is plain text. */
const isBox = (value: unknown): value is string => typeof value === 'string' && /^v[12]\./.test(value);
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
/** What the audit log keeps of a secret: whether it was set, never the value. */
const audited = (key: string, value: unknown) => (isSecretSetting(key) ? (value ? '(set)' : '(not set)') : value);

/** How the server runs, as configured at start; the parts read from settings are added when listed. */
export type ServerStatus = Omit<SettingsStatus, 'stripeMode'>;

export type SettingsServiceDeps = {
  repo: SettingsRepository;
  keys: KeyRing;
  /** Values environment variables hold, by setting key (config.settingOverrides). */
  overrides?: Readonly<Record<string, unknown>>;
  status?: ServerStatus;
  checks?: readonly CredentialCheck[];
  /** Where the Stripe check asks (STRIPE_API_URL); Stripe's own API without it. */
  stripeApiUrl?: string;
  /** Where the PayPal check asks (PAYPAL_API_URL); PayPal's own for the mode without it. */
  paypalApiUrl?: string;
};

/** Where a change comes from: who, from which address, and the site's address for callbacks. */
export type SettingsChangeSource = { actor: Actor; ip?: string | null; baseUrl: string };

export class SettingsService {
  private readonly repo: SettingsRepository;
  private readonly keys: KeyRing;
  private readonly overrides: Readonly<Record<string, unknown>>;
  private readonly status: ServerStatus;
  private readonly checks: readonly CredentialCheck[];
  private readonly stripeApiUrl: string | undefined;
  private readonly paypalApiUrl: string | undefined;
  private audit: AuditService | undefined;
  private ownTwoFactor: ((userId: number) => Promise<boolean>) | undefined;
  private templates: MailTemplates | undefined;
  constructor(deps: SettingsServiceDeps) {
    this.repo = deps.repo;
    this.keys = deps.keys;
    this.overrides = deps.overrides ?? {};
    this.status = deps.status ?? { appUrl: null, storageDriver: 'local', mailConfigured: false };
    this.checks = deps.checks ?? CREDENTIAL_CHECKS;
    this.stripeApiUrl = deps.stripeApiUrl;
    this.paypalApiUrl = deps.paypalApiUrl;
  }

  /** Whether a user has two-factor sign-in on; the users area is built after settings. */
  checkTwoFactorWith(ownTwoFactor: (userId: number) => Promise<boolean>): void {
    this.ownTwoFactor = ownTwoFactor;
  }

  /** The audit log is built after settings (it reads them); it is handed over once it exists. */
  recordChangesWith(audit: AuditService): void {
    this.audit = audit;
  }

  /** Mail templates read settings' database too, but are built after settings: handed over the same way. */
  renderMailWith(templates: MailTemplates): void {
    this.templates = templates;
  }

  /** The test mail of the outgoing-email tab and of the SMTP check (template settings_test). */
  private async testMail(): Promise<{ subject: string; text: string; html?: string }> {
    if (!this.templates) return DEFAULT_TEST_MAIL;
    return this.templates.render('settings_test', { site_name: await this.get<string>('branding.site_name') });
  }

  /** The value of a key: its environment variable, else stored (secrets opened), else its default. */
  async get<T = unknown>(key: string): Promise<T> {
    if (!isKnownSetting(key)) throw validation({ key: [`Unknown setting: ${key}`] });
    const override = this.overrides[key];
    if (override !== undefined) return override as T;
    const stored = await this.repo.get(key);
    return (stored === undefined ? ALL_SETTINGS[key] : await this.open(key, stored)) as T;
  }

  /** Sets one key from the operator's command line: checked like the admin area's, secrets encrypted. */
  async set(key: string, value: unknown): Promise<void> {
    if (!isKnownSetting(key) || INTERNAL_SETTINGS.has(key)) throw validation({ key: [`Unknown setting: ${key}`] });
    const checked = checkSetting(key, value);
    if ('error' in checked) throw validation({ value: [checked.error] });
    await this.repo.set(key, await this.seal(key, checked.value), isPrivateSetting(key));
  }

  /** Public settings as the nested object the client reads; private keys never appear. */
  async getPublicTree(): Promise<SettingsTree> {
    const stored = await this.repo.getAll();
    const tree: SettingsTree = {};
    for (const [key, def] of Object.entries(PUBLIC_SETTINGS))
      setPath(tree, key, this.overrides[key] ?? (stored.has(key) ? stored.get(key) : def));
    return tree;
  }

  /** Every setting an admin may edit; secrets only as set or not, and which variables hold keys. */
  async listForAdmin(actor: Actor): Promise<AdminSettings> {
    actor.authorize(Permission.settingsUpdate);
    const stored = await this.repo.getAll();
    const settings: Record<string, unknown> = {};
    const secrets: Record<string, boolean> = {};
    for (const [key, def] of Object.entries(ALL_SETTINGS)) {
      if (INTERNAL_SETTINGS.has(key)) continue;
      const value = this.overrides[key] ?? (stored.has(key) ? stored.get(key) : def);
      if (isSecretSetting(key)) secrets[key] = typeof value === 'string' && value !== '';
      else settings[key] = value;
    }
    const environment = Object.fromEntries(
      Object.keys(this.overrides).map((key) => [key, SETTING_ENVIRONMENT[key] ?? 'the environment']),
    );
    const mailConfigured = this.status.mailConfigured || settings['mail.driver'] === 'smtp';
    const stripeMode = secrets['billing.stripe.secret_key']
      ? stripeModeOf(await this.get('billing.stripe.secret_key'))
      : null;
    return { settings, secrets, environment, status: { ...this.status, mailConfigured, stripeMode } };
  }

  /**
   * Changes settings all or nothing: every value is checked, then the credentials a change
   * touches are tried live, then the changed keys are written with their audit row in one
   * transaction. Values equal to the current ones are left alone (and not audited).
   */
  async updateMany(source: SettingsChangeSource, values: Record<string, unknown>): Promise<AdminSettings> {
    await this.applyChanges(source, values, Permission.settingsUpdate);
    return this.listForAdmin(source.actor);
  }

  /**
   * updateMany's work under another permission (the appearance editor writes its keys with
   * appearance.update); the caller limits which keys may be sent and answers what it shows.
   */
  async applyChanges(source: SettingsChangeSource, values: Record<string, unknown>, permission: string): Promise<void> {
    source.actor.authorize(permission);
    const errors: Record<string, string[]> = {};
    const accepted: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(values)) {
      const variable = SETTING_ENVIRONMENT[key];
      if (!isKnownSetting(key) || INTERNAL_SETTINGS.has(key)) errors[key] = [`Unknown setting: ${key}`];
      else if (variable && this.overrides[key] !== undefined)
        errors[key] = [`Set by the environment variable ${variable}; change it there.`];
      else {
        const checked = checkSetting(key, value);
        if ('error' in checked) errors[key] = [checked.error];
        else accepted[key] = checked.value;
      }
    }
    if (Object.keys(errors).length) throw validation(errors);

    const current = await this.currentValues();
    const next = { ...current, ...accepted };
    const changed = Object.keys(accepted).filter((key) => !same(current[key], accepted[key]));
    const cross = { ...crossSettingErrors(next), ...(touchesBilling(changed) ? billingSettingErrors(next) : {}) };
    const userId = source.actor.user?.id;
    if (changed.includes('auth.admin_two_factor') && next['auth.admin_two_factor'] === true && userId !== undefined)
      if (!(await this.ownTwoFactor?.(userId)))
        cross['auth.admin_two_factor'] = [
          'Turn on two-factor authentication for your own account first: the admin area would close for you.',
        ];
    if (Object.keys(cross).length) throw validation(cross);
    if (!changed.length) return;

    const failed: Record<string, string[]> = {};
    const touched = this.checks.filter((c) => changed.some(c.covers) && c.applies(next));
    const to = source.actor.user?.email ?? null;
    const ctx = {
      baseUrl: source.baseUrl,
      to,
      testMail: () => this.testMail(),
      stripeApiUrl: this.stripeApiUrl,
      paypalApiUrl: this.paypalApiUrl,
    };
    const outcomes = await Promise.all(touched.map((c) => c.run(next, ctx)));
    touched.forEach((check, i) => {
      const outcome = outcomes[i];
      if (outcome) failed[settingsGroupErrorKey(check.group)] = [outcome];
    });
    if (Object.keys(failed).length) throw validation(failed, 'Some credentials did not pass their check.');

    const sealed = await Promise.all(changed.map(async (key) => [key, await this.seal(key, next[key])] as const));
    await this.repo.transaction(async (repo, db) => {
      for (const [key, value] of sealed) await repo.set(key, value, isPrivateSetting(key));
      await this.audit?.record(
        source,
        {
          action: 'settings.update',
          targetType: 'settings',
          targetLabel: changed.join(', '),
          before: Object.fromEntries(changed.map((key) => [key, audited(key, current[key])])),
          after: Object.fromEntries(changed.map((key) => [key, audited(key, next[key])])),
        },
        db,
      );
    });
  }

  /**
   * Sends a test message to the acting admin the way mail goes out now (SMTP or a file), for
   * the outgoing-email tab's 'Send a test'; a failure is a 422 on the mail group.
   */
  async sendTestMail(actor: Actor, mailer: Mailer): Promise<{ sent_to: string }> {
    actor.authorize(Permission.settingsUpdate);
    const to = actor.requireUser().email;
    try {
      await mailer.send({ to, template: 'settings_test', ...(await this.testMail()) });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw validation({ [settingsGroupErrorKey('mail')]: [`The test mail could not be sent: ${reason}`] });
    }
    return { sent_to: to };
  }

  /** Puts a key back to its default, audited like a change. */
  async reset(source: SettingsChangeSource, key: string): Promise<void> {
    source.actor.authorize(Permission.settingsUpdate);
    if (!isKnownSetting(key) || INTERNAL_SETTINGS.has(key)) throw validation({ key: [`Unknown setting: ${key}`] });
    const before = await this.get(key);
    await this.repo.transaction(async (repo, db) => {
      await repo.set(key, ALL_SETTINGS[key], isPrivateSetting(key));
      await this.audit?.record(
        source,
        {
          action: 'settings.update',
          targetType: 'settings',
          targetLabel: key,
          before: { [key]: audited(key, before) },
          after: { [key]: audited(key, ALL_SETTINGS[key]) },
        },
        db,
      );
    });
  }

  /**
   * Encrypts stored secrets that are plain text or under a previous key (a start and
   * `keys:rotate` do it); answers how many changed and how many no key opens.
   */
  async reencryptSecrets(): Promise<{ changed: number; unreadable: number }> {
    let changed = 0;
    let unreadable = 0;
    for (const [key, stored] of await this.repo.getAll()) {
      if (!isSecretSetting(key) || typeof stored !== 'string' || stored === '') continue;
      if (isBox(stored) && !(await this.keys.isStale(stored))) continue;
      try {
        const plain = isBox(stored) ? await this.keys.decrypt(stored) : stored;
        await this.repo.set(key, await this.keys.encrypt(plain), true);
        changed++;
      } catch {
        unreadable++;
      }
    }
    return { changed, unreadable };
  }

  /** Every editable key's value now, secrets opened: what a change is compared with and checked against. */
  private async currentValues(): Promise<Record<string, unknown>> {
    const stored = await this.repo.getAll();
    const out: Record<string, unknown> = {};
    for (const [key, def] of Object.entries(ALL_SETTINGS))
      out[key] = this.overrides[key] ?? (stored.has(key) ? await this.open(key, stored.get(key)) : def);
    return out;
  }

  private async seal(key: string, value: unknown): Promise<unknown> {
    return isSecretSetting(key) && typeof value === 'string' && value !== '' ? this.keys.encrypt(value) : value;
  }

  /** A secret no key opens reads as unset: the feature it enables stays off until it is entered again. */
  private async open(key: string, stored: unknown): Promise<unknown> {
    if (!isSecretSetting(key) || !isBox(stored)) return stored;
    return this.keys.decrypt(stored).catch(() => '');
  }
}
