import { useCallback, useMemo, useState } from 'react';
import { Plus } from 'lucide-react';
import { Switch } from 'react-aria-components';
import { useParams } from 'react-router';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { Button } from '../../ui/Button.tsx';
import { SwitchTrack } from '../../ui/SwitchTrack.tsx';
import { toast } from '../../ui/toast/toast-store.ts';
import { AdminPage } from '../AdminPage.tsx';
import { SaveBar } from '../roles/SaveBar.tsx';
import { useUnsavedChangesGuard } from '../roles/useUnsavedChangesGuard.tsx';
import { TableSearch } from '../table/TableSearch.tsx';
import { formatCount } from '../table/table-state.ts';
import { AddKeyDialog } from './AddKeyDialog.tsx';
import { useLocalizationLines, useSaveLines } from './localizations.api.ts';
import { PageActions, TranslateFallback } from './TranslatePageParts.tsx';
import { linesToSave, nextDrafts, type TranslationRow, translationRows } from './translation-rows.ts';
import { TranslationList } from './TranslationList.tsx';
import { TranslationProgress } from './TranslationProgress.tsx';
import { useLinesUpload } from './useLinesUpload.tsx';

const scrollParent = () => document.getElementById('main-content');

/**
 * /admin/localizations/:localeId/translate: every line beside its English source, searched and
 * filtered to the missing ones, edited in place; Save sends the changed lines only, so another
 * staff member's saves of other lines stay. Leaving with unsaved lines asks first.
 */
export function TranslatePage() {
  const { trans, language } = useTrans();
  const id = Number(useParams().localeId);
  const lines = useLocalizationLines(id);
  const save = useSaveLines(id);
  const upload = useLinesUpload();
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const [added, setAdded] = useState<string[]>([]);
  const [query, setQuery] = useState('');
  const [isMissingOnly, setMissingOnly] = useState(false);
  const [isAdding, setAdding] = useState(false);
  const serverLines = lines.data?.lines;
  const rows = useMemo(
    () => translationRows(serverLines ?? [], added, drafts, { query, isMissingOnly }),
    [serverLines, added, drafts, query, isMissingOnly],
  );
  const handleChange = useCallback(
    (row: TranslationRow, value: string) =>
      setDrafts((current) => nextDrafts(current, row.key, value, row.translation, row.isAdded)),
    [],
  );
  const changed = Object.keys(drafts).length;
  const isDirty = changed > 0;
  const guard = useUnsavedChangesGuard(isDirty);
  const discard = () => {
    setDrafts({});
    setAdded([]);
  };
  const handleSave = () => {
    const body = linesToSave(drafts, added);
    if (!Object.keys(body).length) return discard();
    save.mutate(body, {
      onSuccess: ({ set, removed }) => {
        toast.positive(trans('Saved: :set lines set, :removed removed', { set, removed }));
        discard();
      },
    });
  };
  const hasKey = useCallback(
    (key: string) => !!serverLines?.some((l) => l.key === key) || added.includes(key),
    [serverLines, added],
  );

  if (!lines.data) return <TranslateFallback error={lines.error} onRetry={() => void lines.refetch()} />;
  const { localization } = lines.data;
  return (
    <AdminPage
      title={localization.name}
      documentTitle={trans('Translate :name', { name: localization.name })}
      description={trans('Code :code. Lines are plain text; keep placeholders such as :name as they are.', {
        code: localization.language,
      })}
      actions={<PageActions id={id} onUpload={() => upload.pick(id)} isUploading={upload.isPending} />}
    >
      <TranslationProgress
        translated={localization.lines_translated}
        total={localization.lines_total}
        className="max-w-md"
      />
      <div className="sticky top-0 z-10 -mx-4 flex flex-wrap items-center gap-3 bg-bg px-4 py-2 md:-mx-8 md:px-8">
        <TableSearch value={query} onSearch={setQuery} label={trans('Search lines')} className="w-full md:w-80" />
        <Switch
          isSelected={isMissingOnly}
          onChange={setMissingOnly}
          className="group inline-flex cursor-pointer items-center gap-2 text-sm text-fg"
        >
          <SwitchTrack />
          {trans('Missing only')}
        </Switch>
        <span className="flex-1 text-sm text-fg-muted" aria-live="polite" data-testid="lines-shown">
          {rows.length === 1 ? trans('1 line') : trans(':count lines', { count: formatCount(rows.length, language) })}
        </span>
        <Button variant="secondary" onPress={() => setAdding(true)} startIcon={<Plus size={18} aria-hidden />}>
          {trans('Add key')}
        </Button>
      </div>
      {rows.length ? (
        <TranslationList rows={rows} onChange={handleChange} scrollParent={scrollParent} />
      ) : (
        <p className="py-12 text-center text-sm text-fg-muted">
          {isMissingOnly && !query ? trans('Every line is translated.') : trans('No lines match the search.')}
        </p>
      )}
      <SaveBar
        isVisible={isDirty}
        isSaving={save.isPending}
        onSave={handleSave}
        onDiscard={discard}
        message={changed === 1 ? trans('1 unsaved line') : trans(':count unsaved lines', { count: changed })}
      />
      {upload.input}
      {guard.dialog}
      <AddKeyDialog
        isOpen={isAdding}
        onClose={() => setAdding(false)}
        hasKey={hasKey}
        onAdd={(key, value) => {
          setAdded((current) => [...current, key]);
          setDrafts((current) => ({ ...current, [key]: value }));
          setQuery('');
          setMissingOnly(false);
        }}
      />
    </AdminPage>
  );
}

export { TranslatePage as Component };
