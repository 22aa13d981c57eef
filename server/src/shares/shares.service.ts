import {
  Permission,
  SHARE_INVITE_TYPE,
  type EntrySharesResponse,
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
import type { Mailer } from '../mail/mailer.ts';
import type { Notifier } from '../notifications/notification.service.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import { newInviteToken } from './invitations.service.ts';
import { entrySharedMail, shareInvitationMail } from './share-mails.ts';
import { openPathOf, sendSharedNotification } from './share-notification.ts';
import { displayName, type PersonRow, type ShareRow, type SharesRepository } from './shares.repository.ts';

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const idsOfPath = (path: string) => path.split('/').filter(Boolean).map(Number);
const personOf = (p: PersonRow) => ({ id: p.id, name: displayName(p), email: p.email, image: p.image });

type Deps = {
  shares: SharesRepository;
  entries: FileEntriesRepository;
  policy: DrivePolicy;
  notifier: Notifier;
  mailer: Mailer;
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
   * address without an account gets an invitation to register. Each address answers for itself.
   */
  async share(actor: Actor, body: ShareEntriesBody, ctx: { baseUrl: string }): Promise<ShareEntriesResponse> {
    actor.authorize(Permission.filesView);
    const me = actor.requireUser();
    const entries = await this.deps.policy.getManyByIds(actor, body.entryIds, { need: 'owner' });
    const sharer = await this.person(me.id);
    const siteName = await this.deps.settings.get<string>('branding.site_name');
    const results: ShareEntriesResponse['results'] = [];
    for (const email of [...new Set(body.emails.map((e) => e.toLowerCase()))]) {
      if (!EMAIL_RE.test(email)) {
        results.push({ email, ok: false, invited: false, message: 'The email must be a valid email address.' });
        continue;
      }
      if (email === sharer.email) {
        results.push({ email, ok: false, invited: false, message: 'You already own these items.' });
        continue;
      }
      const recipient = await this.deps.shares.getUserByEmail(email);
      const invite = recipient ? null : newInviteToken();
      const added = await this.upsert(
        entries,
        email,
        recipient?.id ?? null,
        body.permission,
        me.id,
        invite?.hash ?? null,
      );
      if (added.length)
        await this.announce({
          sharer,
          recipient,
          email,
          entries: added,
          permission: body.permission,
          invite: invite?.token,
          siteName,
          baseUrl: ctx.baseUrl,
        });
      results.push({ email, ok: true, invited: !recipient });
    }
    const people = await this.present(await this.deps.shares.listOnEntries(entries.map((e) => e.id)));
    return { results, people };
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

  /** Creates or updates the address's share of each entry; answers the entries newly shared. */
  private async upsert(
    entries: EntryRow[],
    email: string,
    userId: number | null,
    permission: SharePermission,
    ownerId: number,
    tokenHash: string | null,
  ): Promise<EntryRow[]> {
    const at = this.deps.clock().toISOString();
    const added: EntryRow[] = [];
    for (const entry of entries) {
      const existing = await this.deps.shares.findOnEntry(entry.id, email);
      if (existing) {
        await this.deps.shares.update(existing.id, {
          permission,
          updated_at: at,
          ...(existing.user_id === null && tokenHash ? { invite_token_hash: tokenHash } : {}),
        });
        continue;
      }
      await this.deps.shares.insert({
        file_entry_id: entry.id,
        owner_id: ownerId,
        user_id: userId,
        email,
        permission,
        invite_token_hash: userId === null ? tokenHash : null,
        created_at: at,
        updated_at: at,
      });
      added.push(entry);
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
    invite: string | undefined;
    siteName: string;
    baseUrl: string;
  }): Promise<void> {
    const { sharer, recipient, email, entries, permission, siteName, baseUrl } = input;
    const names = entries.map((e) => e.name);
    const sharerName = displayName(sharer);
    if (recipient) {
      // The mail is the notification's email channel: it follows the recipient's preferences.
      const mail = entrySharedMail(email, siteName, {
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
    const mail = shareInvitationMail(email, siteName, { sharer: sharerName, names, permission, registerLink });
    this.deps.mailer
      .send(mail)
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
