import { randomBytes } from 'node:crypto';
import { LINK_PASSWORD_MIN_LENGTH, Permission, type SaveShareableLinkBody, type ShareableLink } from '@kosh/contracts';
import type { Clock } from '../clock.ts';
import type { Actor } from '../auth/actor.ts';
import { hashPassword } from '../auth/password.ts';
import type { DrivePolicy } from '../drive/drive.policy.ts';
import type { DriveListingService } from '../drive/listing.service.ts';
import { conflict, forbidden, notFound, validation } from '../http/app-error.ts';
import type { LinkRow, LinksRepository } from './links.repository.ts';
import { presentLink } from './link.presenter.ts';

/** A link's public id: 128 random bits, so it tells nothing of the entry and cannot be guessed. */
export const newLinkHash = () => randomBytes(16).toString('base64url');

type Deps = { links: LinksRepository; policy: DrivePolicy; listing: DriveListingService; clock: Clock };

/**
 * The owner's side of shareable links: one link per entry, created, edited (on/off,
 * password, expiry, download, editing, restricted) and deleted from the Share dialog.
 */
export class LinksService {
  private readonly deps: Deps;
  constructor(deps: Deps) {
    this.deps = deps;
  }

  /** The entry's link, or null. Owner only. */
  async get(actor: Actor, entryId: number): Promise<ShareableLink | null> {
    const entry = await this.deps.policy.getById(actor, entryId, { need: 'owner' });
    const link = await this.deps.links.getByEntryId(entry.id);
    return link ? this.present(actor, link) : null;
  }

  async create(actor: Actor, entryId: number, body: SaveShareableLinkBody): Promise<ShareableLink> {
    actor.authorize(Permission.linksCreate);
    const entry = await this.deps.policy.getById(actor, entryId, { need: 'owner' });
    if (await this.deps.links.getByEntryId(entry.id)) throw conflict('This item already has a link.');
    const user = actor.requireUser();
    if (actor.isOverQuota(Permission.linksCreate, 'count', await this.deps.links.countOfUser(user.id)))
      throw forbidden('You have reached the number of links your plan allows.');
    const at = this.deps.clock().toISOString();
    const link = await this.deps.links.insert({
      hash: newLinkHash(),
      file_entry_id: entry.id,
      user_id: user.id,
      password: body.password ? await hashLinkPassword(body.password) : null,
      expires_at: this.expiry(body.expires_at) ?? null,
      enabled: flag(body.enabled ?? true),
      allow_download: flag(body.allow_download ?? true),
      allow_edit: flag(body.allow_edit ?? false),
      restricted: flag(body.restricted ?? false),
      created_at: at,
      updated_at: at,
    });
    return this.present(actor, link);
  }

  /** Changes what is given; a password of null removes it, an absent one keeps it. */
  async update(actor: Actor, entryId: number, body: SaveShareableLinkBody): Promise<ShareableLink> {
    actor.authorize(Permission.linksCreate);
    const link = await this.linkOf(actor, entryId);
    const patch: Partial<LinkRow> = { updated_at: this.deps.clock().toISOString() };
    if (body.password !== undefined)
      patch.password = body.password === null ? null : await hashLinkPassword(body.password);
    if (body.expires_at !== undefined) patch.expires_at = this.expiry(body.expires_at) ?? null;
    if (body.enabled !== undefined) patch.enabled = flag(body.enabled);
    if (body.allow_download !== undefined) patch.allow_download = flag(body.allow_download);
    if (body.allow_edit !== undefined) patch.allow_edit = flag(body.allow_edit);
    if (body.restricted !== undefined) patch.restricted = flag(body.restricted);
    await this.deps.links.update(link.id, patch);
    const updated = await this.deps.links.getByEntryId(link.file_entry_id);
    if (!updated) throw notFound();
    return this.present(actor, updated);
  }

  async delete(actor: Actor, entryId: number): Promise<void> {
    const link = await this.linkOf(actor, entryId);
    await this.deps.links.delete(link.id);
  }

  private async linkOf(actor: Actor, entryId: number): Promise<LinkRow> {
    const entry = await this.deps.policy.getById(actor, entryId, { need: 'owner' });
    const link = await this.deps.links.getByEntryId(entry.id);
    if (!link) throw notFound('This item has no link.');
    return link;
  }

  private expiry(value: string | null | undefined): string | null | undefined {
    if (value === undefined || value === null) return value;
    const at = new Date(value);
    if (at.getTime() <= this.deps.clock().getTime())
      throw validation({ expires_at: ['The expiry must be in the future.'] });
    return at.toISOString();
  }

  private async present(actor: Actor, link: LinkRow): Promise<ShareableLink> {
    const entry = await this.deps.policy.getById(actor, link.file_entry_id, { allowTrashed: true, need: 'owner' });
    return presentLink(link, (await this.deps.listing.present(actor, [entry]))[0]);
  }
}

const flag = (value: boolean) => (value ? 1 : 0);

/** The link password policy again at the service, for callers that did not come through the contract schema. */
async function hashLinkPassword(password: string): Promise<string> {
  if (password.length < LINK_PASSWORD_MIN_LENGTH || password.trim() === '')
    throw validation({
      password: [`The password must be at least ${LINK_PASSWORD_MIN_LENGTH} characters, not only spaces.`],
    });
  return hashPassword(password);
}
