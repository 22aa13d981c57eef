import {
  LOCALIZATION_LINES_MAX_BYTES,
  Permission,
  type LocalizationFile,
  type LocalizationLinesResponse,
  type SaveLocalizationLinesResponse,
} from '@kosh/contracts';
import type { Actor } from '../../auth/actor.ts';
import { immediateTransaction } from '../../drive/owner-transaction.ts';
import { notFound, validation } from '../../http/app-error.ts';
import {
  applyLineChanges,
  auditedLines,
  editorLines,
  fitsStoredSize,
  nonEmptyLines,
  readLinesFile,
  type Lines,
} from './localization-lines.ts';
import { linesOf, presentLocalization } from './localizations-admin.presenter.ts';
import type { LocalizationsDeps, LocalizationsSource } from './localizations-admin.service.ts';

const TOO_BIG = `A localization may hold at most ${LOCALIZATION_LINES_MAX_BYTES / 1024 / 1024} MB of lines.`;

/**
 * The translation editor's side of a localization (permission localizations.update): its lines
 * beside the English ones, saving changed lines, and the JSON file to download and upload.
 */
export class LocalizationLinesService {
  private readonly deps: LocalizationsDeps;
  constructor(deps: LocalizationsDeps) {
    this.deps = deps;
  }

  /** Every English line with its translation, then the keys only this localization has (~100 KB). */
  async lines(actor: Actor, id: number): Promise<LocalizationLinesResponse> {
    actor.authorize(Permission.localizationsUpdate);
    const row = await this.deps.repo.getById(id);
    if (!row) throw notFound('There is no such localization.');
    const fallback = await this.defaultLanguage();
    return {
      localization: presentLocalization(row, this.deps.source, fallback),
      lines: editorLines(linesOf(row), this.deps.source),
    };
  }

  /**
   * Changes only the given keys (an empty string removes a translation). The merge runs on the
   * row as it is now, inside one transaction holding its lock, so two staff saving different keys
   * at once both land.
   */
  async save(
    source: LocalizationsSource,
    id: number,
    changes: Lines,
    via: 'editor' | 'upload' = 'editor',
  ): Promise<SaveLocalizationLinesResponse> {
    source.actor.authorize(Permission.localizationsUpdate);
    const fallback = await this.defaultLanguage();
    return immediateTransaction(this.deps.db, this.deps.dialect, async (trx) => {
      await this.deps.repo.lock(id, trx);
      const row = await this.deps.repo.getById(id, trx);
      if (!row) throw notFound('There is no such localization.');
      const change = applyLineChanges(linesOf(row), changes, this.deps.source);
      if (change.set.length || change.removed.length) {
        if (!fitsStoredSize(change.lines)) throw validation({ lines: [TOO_BIG] });
        const at = this.deps.clock().toISOString();
        await this.deps.repo.update(id, { lines: JSON.stringify(change.lines), updated_at: at }, trx);
        await this.deps.audit.record(
          source,
          {
            action: 'localization.lines',
            targetType: 'localization',
            targetId: id,
            targetLabel: row.language,
            after: auditedLines(change, via),
          },
          trx,
        );
      }
      const saved = await this.deps.repo.getById(id, trx);
      return {
        localization: presentLocalization(saved ?? row, this.deps.source, fallback),
        set: change.set.length,
        removed: change.removed.length,
      };
    });
  }

  /** The translated lines as a file: {language, name, lines}, named after the code. */
  async download(actor: Actor, id: number): Promise<{ filename: string; file: LocalizationFile }> {
    actor.authorize(Permission.localizationsUpdate);
    const row = await this.deps.repo.getById(id);
    if (!row) throw notFound('There is no such localization.');
    return {
      filename: `${row.language}.json`,
      file: { language: row.language, name: row.name, lines: nonEmptyLines(linesOf(row)) },
    };
  }

  /**
   * Merges an uploaded file over the lines: the keys it holds are set (or removed, when empty),
   * the others stay. Malformed JSON and values that are not text are refused (422 on `file`).
   */
  async upload(
    source: LocalizationsSource,
    id: number,
    readFile: () => Promise<string>,
  ): Promise<SaveLocalizationLinesResponse> {
    // Before the file is read: a caller without the permission sends its bytes for nothing.
    source.actor.authorize(Permission.localizationsUpdate);
    const read = readLinesFile(await readFile());
    if ('error' in read) throw validation({ file: [read.error] });
    return this.save(source, id, read.lines, 'upload');
  }

  private defaultLanguage(): Promise<string> {
    return this.deps.settings.get<string>('i18n.default_localization');
  }
}
