import { useEffect, useMemo, useState } from 'react';
import clsx from 'clsx';
import { type Resolver, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft, ExternalLink } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { type AdminCustomPage, SaveCustomPageBodySchema } from '@kosh/contracts';
import { useTrans } from '../../../shell/i18n/useTrans.tsx';
import { useDocumentTitle } from '../../../shell/useDocumentTitle.ts';
import { Button } from '../../../ui/Button.tsx';
import { buttonClasses, iconButtonClasses } from '../../../ui/button-styles.ts';
import { toast } from '../../../ui/toast/toast-store.ts';
import { useTranslatedResolver } from '../../../ui/zod-messages.ts';
import { useUnsavedChangesGuard } from '../../roles/useUnsavedChangesGuard.tsx';
import { PageFields } from './PageFields.tsx';
import { type PageFormValues, pageFormValues } from './page-form.ts';
import { RichTextEditor } from './RichTextEditor.tsx';
import { useSavePage } from './useSavePage.ts';

/** Ctrl+S (Cmd+S) saves, as in every editor, instead of the browser saving the page. */
function useSaveShortcut(save: () => void) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() !== 's' || !(event.ctrlKey || event.metaKey) || event.altKey) return;
      event.preventDefault();
      save();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [save]);
}

/**
 * A custom page on the whole screen: the body in the editor, its title, slug and search engine
 * fields beside it (above it on a phone). A new page opens its edit address once created.
 */
export function PageEditor({ page }: { page?: AdminCustomPage }) {
  const { trans } = useTrans();
  const navigate = useNavigate();
  const defaultValues = useMemo(() => pageFormValues(page), [page]);
  const form = useForm<PageFormValues>({
    defaultValues,
    resolver: useTranslatedResolver(
      zodResolver(SaveCustomPageBodySchema, undefined, { raw: true }) as unknown as Resolver<PageFormValues>,
    ),
  });
  const [isSlugEdited, setSlugEdited] = useState(Boolean(page));
  const { isDirty } = form.formState;
  const guard = useUnsavedChangesGuard(isDirty);
  const save = useSavePage(form, page?.id ?? null, (saved) => {
    if (page) {
      toast.positive(trans('Page saved'));
      return;
    }
    toast.positive(trans('Page created'));
    guard.allowNextNavigation();
    void navigate(`/admin/custom-pages/${saved.id}/edit`, { replace: true });
  });
  const submit = form.handleSubmit((values) => save.mutate(values));
  useSaveShortcut(() => void submit());
  const body = useWatch({ control: form.control, name: 'body' });
  const heading = page ? page.title : trans('New page');
  useDocumentTitle(page ? trans('Edit page') : trans('New page'));

  return (
    <div className="flex h-[calc(100dvh-var(--kosh-banner-h,0px))] flex-col bg-bg">
      <header className="flex h-16 shrink-0 items-center gap-2 border-b border-divider px-2 md:px-4">
        <Link to="/admin/custom-pages" aria-label={trans('Back to pages')} className={iconButtonClasses('md')}>
          <ArrowLeft size={22} aria-hidden />
        </Link>
        <div className="min-w-0 flex-1">
          <h1 className="truncate text-base font-medium text-fg md:text-xl">{heading}</h1>
          <p className="truncate text-xs text-fg-muted" aria-live="polite">
            {isDirty ? trans('Unsaved changes') : page ? `/pages/${page.slug}` : trans('Not saved yet')}
          </p>
        </div>
        {page && (
          <a
            href={`/pages/${page.slug}`}
            target="_blank"
            rel="noopener"
            aria-label={trans('View page')}
            className={buttonClasses('text', 'md', 'px-2 sm:px-4')}
          >
            <ExternalLink size={18} aria-hidden />
            <span className="hidden sm:inline">{trans('View page')}</span>
          </a>
        )}
        <Button onPress={() => void submit()} isPending={save.isPending} isDisabled={save.isPending}>
          {page ? trans('Save') : trans('Create page')}
        </Button>
      </header>
      <div className="flex min-h-0 flex-1 flex-col overflow-y-auto md:flex-row md:overflow-hidden">
        <main id="main-content" className="min-w-0 flex-1 px-4 py-4 md:overflow-y-auto md:px-8 md:py-6">
          <form
            noValidate
            aria-label={heading}
            onSubmit={(event) => {
              event.preventDefault();
              void submit();
            }}
            className="mx-auto w-full max-w-[880px]"
          >
            <RichTextEditor
              value={body}
              onChange={(html) => form.setValue('body', html, { shouldDirty: true })}
              label={trans('Content')}
              errorMessage={form.formState.errors.body?.message}
            />
          </form>
        </main>
        <aside
          aria-label={trans('Page details')}
          className={clsx(
            'order-first shrink-0 border-b border-divider px-4 py-4',
            'md:order-none md:w-80 md:overflow-y-auto md:border-b-0 md:border-l md:py-6',
          )}
        >
          <PageFields form={form} isSlugEdited={isSlugEdited} onSlugEdited={() => setSlugEdited(true)} />
        </aside>
      </div>
      {guard.dialog}
    </div>
  );
}
