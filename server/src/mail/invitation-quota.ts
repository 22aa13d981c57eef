import { createHash, randomBytes } from 'node:crypto';
import { systemClock, type Clock } from '../clock.ts';
import { tooManyRequests } from '../http/app-error.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import type { InvitationKind, InvitationMailsRepository } from './invitation-mails.repository.ts';

/** Invitation mails one sender may send to addresses without an account in an hour. */
export const INVITATION_MAILS_PER_SENDER_HOUR = 20;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export const INVITATION_LIMIT_TEXT = {
  sender:
    `You can invite at most ${INVITATION_MAILS_PER_SENDER_HOUR} people without an account an hour. ` +
    'Nothing was sent; try again later.',
  site: 'Too many invitations are being sent from this site right now. Nothing was sent; try again later.',
} as const;

/** A fresh invitation token (128+ bits, mailed) and the hash that is stored. */
export function newInvitationToken(): { token: string; hash: string } {
  const token = randomBytes(24).toString('base64url');
  return { token, hash: invitationTokenHash(token) };
}
export const invitationTokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** An address without an account to invite, and the entries (or workspace) the mail would name. */
export type InvitationTarget = {
  email: string;
  kind: InvitationKind;
  subjectIds: number[];
};
/**
 * A mail that may go out: the entries or workspace not mailed about to the address within a day,
 * and the fresh token (128+ bits) its link carries.
 */
export type PlannedInvitation = { email: string; subjectIds: number[]; token: string };

/**
 * Bounds invitation mail, counted in the database so that every process sees the same counts:
 * per sender an hour, per address and entry (or workspace) a day, and for the whole site an hour
 * (the mail.invitations_per_hour setting; 0 = no site cap).
 */
export class InvitationMailQuota {
  private readonly repo: InvitationMailsRepository;
  private readonly settings: Pick<SettingsService, 'get'>;
  private readonly clock: Clock;
  constructor(deps: { repo: InvitationMailsRepository; settings: Pick<SettingsService, 'get'>; clock?: Clock }) {
    this.repo = deps.repo;
    this.settings = deps.settings;
    this.clock = deps.clock ?? systemClock;
  }

  /**
   * Decides which invitation mails go out and records them, under one lock so that parallel calls
   * are counted one after the other. Beyond a limit it throws 429 and records nothing: the caller
   * asks before it changes anything, so a refused call leaves nothing half-done. Answers the mails
   * to send by address; an address mailed about all its entries within a day gets none.
   */
  async reserve(senderId: number, targets: InvitationTarget[]): Promise<Map<string, PlannedInvitation>> {
    const now = this.clock();
    const dayAgo = new Date(now.getTime() - DAY_MS).toISOString();
    const hourAgo = new Date(now.getTime() - HOUR_MS).toISOString();
    const siteCap = await this.settings.get<number>('mail.invitations_per_hour');
    return this.repo.withLock(async (trx) => {
      const planned: Array<PlannedInvitation & { kind: InvitationKind }> = [];
      for (const target of targets) {
        const mailed = await this.repo.mailedSince(trx, target, dayAgo);
        const subjectIds = target.subjectIds.filter((id) => !mailed.has(id));
        if (subjectIds.length) planned.push({ ...target, subjectIds, token: newInvitationToken().token });
      }
      if (!planned.length) return new Map();
      const bySender = await this.repo.countMailsSince(trx, hourAgo, senderId);
      if (bySender + planned.length > INVITATION_MAILS_PER_SENDER_HOUR)
        throw tooManyRequests(INVITATION_LIMIT_TEXT.sender);
      if (siteCap > 0 && (await this.repo.countMailsSince(trx, hourAgo)) + planned.length > siteCap)
        throw tooManyRequests(INVITATION_LIMIT_TEXT.site);
      const at = now.toISOString();
      await this.repo.insert(
        trx,
        planned.flatMap((p) =>
          p.subjectIds.map((subjectId) => ({
            sender_id: senderId,
            email: p.email,
            kind: p.kind,
            subject_id: subjectId,
            token_hash: invitationTokenHash(p.token),
            sent_at: at,
            used_at: null,
          })),
        ),
      );
      return new Map(planned.map((p) => [p.email, { email: p.email, subjectIds: p.subjectIds, token: p.token }]));
    });
  }

  /** Does this token, mailed to this address and not used yet, prove the address? */
  async proves(email: string, token: string): Promise<boolean> {
    return (await this.repo.unusedOfToken(email, invitationTokenHash(token))).length > 0;
  }

  /** The workspaces (or entries) a token mailed to this address named, used or not. */
  async subjectsOf(email: string, kind: InvitationKind, token: string): Promise<number[]> {
    const rows = await this.repo.ofToken(email, invitationTokenHash(token));
    return rows.filter((r) => r.kind === kind).map((r) => r.subject_id);
  }

  /** The address is proven: the tokens mailed to it stop working. */
  spend(email: string): Promise<void> {
    return this.repo.markUsed(email, this.clock().toISOString());
  }
}
