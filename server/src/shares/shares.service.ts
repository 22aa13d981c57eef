import {
  Permission,
  SHARE_INVITE_TYPE,
  SHARE_SUGGESTIONS_MAX,
  type EntrySharesResponse,
  type ShareSuggestionsResponse,
  type ShareEntriesBody,
  type ShareEntriesResponse,
  type SharePermission,
  type SharePerson,
} from '@kosh/contracts';
import type { Logger } from 'pino';
import type { Clock } from '../clock.ts';
import type { Actor } from '../auth/actor.ts';
import type { DrivePolicy } from '../drive/drive.policy.ts';
import type { EntryRow, FileEntriesRepository } from '../drive/file-entries.repository.ts';
import { forbidden, notFound } from '../http/app-error.ts';
import type { InvitationMailQuota } from '../mail/invitation-quota.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { MailTemplates } from '../mail/mail-templates.service.ts';
import type { Notifier } from '../notifications/notification.service.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import { entrySharedMail, shareInvitationMail } from './share-mails.ts';
import { openPathOf, sendSharedNotification } from './share-notification.ts';
import { displayName, type PersonRow, type ShareRow, type SharesRepository } from './shares.repository.ts';

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const idsOfPath = (path: string) => path.split('/').filter(Boolean).map(Number);
const personOf = (p: PersonRow) => ({ id: p.id, name: displayName(p), email: p.email, image: p.image });
const refused = (email: string, message: string) => ({ email, ok: false, invited: false, message });
/** A share as an invitation to its address looks: what the sharer typed, nothing of an account. */
const pending = (p: SharePerson): SharePerson => ({
  ...p,
  user_id: null,
  email: p.email,
  name: p.email,
  image: null,
  status: 'invited',
});

type Deps = {
  shares: SharesRepository;
  entries: FileEntriesRepository;
  policy: DrivePolicy;
  notifier: Notifier;
  mailer: Mailer;
  templates: MailTemplates;
  quota: Pick<InvitationMailQuota, 'reserve'>;
  settings: SettingsService;
  logger: Logger;
  clock: Clock;
};

/**
 * Sharing entries with people by email: the owner shares, lists who has access,
 * changes a permission and removes a person; a recipient removes a share from their list.
 * What a share lets a recipient do is enforced by the drive policy on every drive call.
 */
export class SharesService {
  private readonly deps: Deps;
  constructor(deps: Deps) {
    this.deps = deps;
  }

  /**
   * The Share dialog's suggestions while the user types an address: people they already share
   * with (setting drive.share_suggestions; off, there are none).
   */
  async suggestions(actor: Actor, query: string): Promise<ShareSuggestionsResponse> {
    const user = actor.requireUser();
    if (!(await this.deps.settings.get<boolean>('drive.share_suggestions'))) return { suggestions: [] };
    const suggestions = await this.deps.shares.contactsOf(user.id, query.toLowerCase(), SHARE_SUGGESTIONS_MAX);
    return { suggestions };
  }

  /**
   * Who has access to an entry: its owner, and the people it (or a folder above it) is shared with.
   * Owner only.
   */
  async listAccess(actor: Actor, entryId: number): Promise<EntrySharesResponse> {
    const entry = await this.deps.policy.getById(actor, entryId, { need: 'owner' });
    const rows = await this.deps.shares.listOnEntries(idsOfPath(entry.path));
    const owner = await this.person(entry.owner_id);
    return { owner: personOf(owner), people: await this.present(rows) };
  }

  /**
   * Shares entries with addresses at one permission; an address already shared with gets the new
   * permission. Each new recipient gets the file-entry-shared notification and an email; an
   * address without an account gets an invitation to register (within the invitation mail
   * limits: beyond them the whole call answers 429 before anything is shared). Each address
   * answers for itself, alike whether it has an account or not.
   */
  async share(actor: Actor, body: ShareEntriesBody, ctx: { baseUrl: string }): Promise<ShareEntriesResponse> {
    actor.authorize(Permission.filesView);
    const me = actor.requireUser();
    const entries = await this.deps.policy.getManyByIds(actor, body.entryIds, { need: 'owner' });
    const sharer = await this.person(me.id);
    const siteName = await this.deps.settings.get<string>('branding.site_name');
    const results: ShareEntriesResponse['results'] = [];
    const recipients: Array<{ email: string; recipient: PersonRow | undefined }> = [];
    for (const email of [...new Set(body.emails.map((e) => e.toLowerCase()))]) {
      if (!EMAIL_RE.test(email)) results.push(refused(email, 'The email must be a valid email address.'));
      else if (email === sharer.email) results.push(refused(email, 'You already own these items.'));
      else recipients.push({ email, recipient: await this.deps.shares.getUserByEmail(email) });
    }
    // Every new recipient counts, with an account or without: a limit that only addresses
    // without one reached would tell which addresses have an account.
    const mails = await this.deps.quota.reserve(
      me.id,
      await Promise.all(
        recipients.map(async ({ email }) => ({
          email,
          kind: 'share' as const,
          subjectIds: await this.newFor(entries, email),
        })),
      ),
    );
    const createdIds: number[] = [];
    for (const { email, recipient } of recipients) {
      const added = await this.upsert(entries, email, recipient?.id ?? null, body.permission, me.id);
      createdIds.push(...added.map((a) => a.shareId));
      const mail = mails.get(email);
      // Entries mailed about to the address within a day are shared again without a new mail.
      const announced = mail ? added.filter((a) => mail.subjectIds.includes(a.entry.id)).map((a) => a.entry) : [];
      if (mail && announced.length)
        await this.announce({
          sharer,
          recipient,
          email,
          entries: announced,
          permission: body.permission,
          invite: mail.token,
          siteName,
          baseUrl: ctx.baseUrl,
        });
      results.push({ email, ok: true, invited: true });
    }
    const people = await this.present(await this.deps.shares.listOnEntries(entries.map((e) => e.id)));
    // Whether a new address has an account must not show in the answer: the people this call
    // added look alike (their address, no name or avatar) until the list is read again.
    return { results, people: people.map((p) => (createdIds.includes(p.id) ? pending(p) : p)) };
  }

  /** The entries the address has no share of yet (they would be new to it). */
  private async newFor(entries: EntryRow[], email: string): Promise<number[]> {
    const ids: number[] = [];
    for (const entry of entries) if (!(await this.deps.shares.findOnEntry(entry.id, email))) ids.push(entry.id);
    return ids;
  }

  /** Changes what a person may do. Owner only. */
  async updatePermission(actor: Actor, shareId: number, permission: SharePermission): Promise<SharePerson> {
    const share = await this.shareOwnedBy(actor, shareId);
    await this.deps.shares.update(share.id, { permission, updated_at: this.deps.clock().toISOString() });
    const updated = await this.deps.shares.getById(share.id);
    if (!updated) throw notFound();
    return (await this.present([updated]))[0];
  }

  /** A user who owns an entry or is signed in; deleting a user deletes their entries, so one is always found. */
  private async person(userId: number): Promise<PersonRow> {
    const person = (await this.deps.shares.people([userId])).get(userId);
    if (!person) throw new Error(`User ${userId} owns an entry or is signed in, but does not exist`);
    return person;
  }

  /** Removes a person: by the owner, or by the person themself (leaving the share). */
  async remove(actor: Actor, shareId: number): Promise<void> {
    const me = actor.requireUser();
    const share = await this.deps.shares.getById(shareId);
    if (share && share.user_id === me.id) return this.deps.shares.delete(share.id);
    await this.deps.shares.delete((await this.shareOwnedBy(actor, shareId)).id);
  }

  /** A recipient removes entries from their shared-with-me list: their access ends. */
  async leave(actor: Actor, entryIds: number[]): Promise<Array<{ id: number; ok: boolean; message?: string }>> {
    const me = actor.requireUser();
    const unique = [...new Set(entryIds)];
    const removed = new Set(await this.deps.shares.deleteOfUser(me.id, unique));
    return unique.map((id) =>
      removed.has(id) ? { id, ok: true } : { id, ok: false, message: 'This item is not shared with you.' },
    );
  }

  /** The share, when the caller owns its entry: 403 for someone who only sees the entry, 404 otherwise. */
  private async shareOwnedBy(actor: Actor, shareId: number): Promise<ShareRow> {
    actor.requireUser();
    const share = await this.deps.shares.getById(shareId);
    if (!share) throw notFound();
    const entry = await this.deps.entries.getById(share.file_entry_id);
    if (!entry) throw notFound();
    const access = await this.deps.policy.accessTo(actor, entry);
    if (!access) throw notFound();
    if (access.level !== 'owner') throw forbidden('Only the owner can change who has access.');
    return share;
  }

  /** Creates or updates the address's share of each entry; answers the shares newly made. */
  private async upsert(
    entries: EntryRow[],
    email: string,
    userId: number | null,
    permission: SharePermission,
    ownerId: number,
  ): Promise<Array<{ entry: EntryRow; shareId: number }>> {
    const at = this.deps.clock().toISOString();
    const added: Array<{ entry: EntryRow; shareId: number }> = [];
    for (const entry of entries) {
      const existing = await this.deps.shares.findOnEntry(entry.id, email);
      if (existing) {
        await this.deps.shares.update(existing.id, { permission, updated_at: at });
        continue;
      }
      const row = await this.deps.shares.insert({
        file_entry_id: entry.id,
        owner_id: ownerId,
        user_id: userId,
        email,
        permission,
        // The invitation's token lives with its mail (invitation_mails), bound to the address.
        invite_token_hash: null,
        created_at: at,
        updated_at: at,
      });
      added.push({ entry, shareId: row.id });
    }
    return added;
  }

  /**
   * The notification of a new share is stored before the call answers; the mail (to the
   * recipient, or an invitation to register) goes out without holding it up: a failure is logged.
   */
  private async announce(input: {
    sharer: PersonRow;
    recipient: PersonRow | undefined;
    email: string;
    entries: EntryRow[];
    permission: SharePermission;
    invite: string;
    siteName: string;
    baseUrl: string;
  }): Promise<void> {
    const { sharer, recipient, email, entries, permission, siteName, baseUrl } = input;
    const names = entries.map((e) => e.name);
    const sharerName = displayName(sharer);
    if (recipient) {
      // Staff may turn share notifications off site-wide (drive tab): the share still happens.
      if (!(await this.deps.settings.get<boolean>('drive.share_notifications'))) return;
      // The mail is the notification's email channel: it follows the recipient's preferences.
      const mail = await entrySharedMail(this.deps.templates, email, siteName, {
        sharer: sharerName,
        names,
        permission,
        link: `${baseUrl}${openPathOf(entries)}`,
      });
      await sendSharedNotification(this.deps.notifier, {
        recipientId: recipient.id,
        sharer: { id: sharer.id, name: sharerName },
        entries,
        permission,
        mail,
        baseUrl,
      });
      return;
    }
    const query = `invite_type=${SHARE_INVITE_TYPE}&email=${encodeURIComponent(email)}`;
    const registerLink = `${baseUrl}/register/${input.invite}?${query}`;
    shareInvitationMail(this.deps.templates, email, siteName, { sharer: sharerName, names, permission, registerLink })
      .then((mail) => this.deps.mailer.send(mail))
      .catch((err: unknown) => this.deps.logger.error({ err, email }, 'could not mail a share recipient'));
  }

  /** Shares as the people list reads them: names and avatars of those with an account. */
  private async present(rows: ShareRow[]): Promise<SharePerson[]> {
    const people = await this.deps.shares.people(rows.flatMap((r) => (r.user_id === null ? [] : [r.user_id])));
    return rows.map((r) => {
      const person = r.user_id === null ? undefined : people.get(r.user_id);
      return {
        id: r.id,
        entry_id: r.file_entry_id,
        user_id: r.user_id,
        email: person?.email ?? r.email,
        name: person ? displayName(person) : r.email,
        image: person?.image ?? null,
        permission: r.permission as SharePermission,
        status: r.user_id === null ? 'invited' : 'active',
        created_at: r.created_at,
        updated_at: r.updated_at,
      };
    });
  }
}
