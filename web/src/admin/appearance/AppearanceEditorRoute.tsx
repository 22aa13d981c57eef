import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ChevronLeft, X } from 'lucide-react';
import { Link, Outlet, useLocation } from 'react-router';
import { APPEARANCE_EDITOR_SOURCE, type AppearanceEditorMessage } from '../../shell/appearance/appearance-editor.ts';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { useDocumentTitle } from '../../shell/useDocumentTitle.ts';
import { Button } from '../../ui/Button.tsx';
import { buttonClasses, iconButtonClasses } from '../../ui/button-styles.ts';
import { useUnsavedChangesGuard } from '../roles/useUnsavedChangesGuard.tsx';
import { FALLBACK_LINK_PATH, keepMessage, usePreviewLinkPath } from './appearance.api.ts';
import {
  AppearanceEditorContext,
  type AppearanceEditorContextValue,
  type EditorSection,
  type PreviewPage,
} from './editor-context.ts';
import { type PreviewDevice, PreviewFrame, previewPath } from './PreviewFrame.tsx';

const BASE = '/admin/appearance';

/** Where the back link of a sub-screen leads, and what it says. */
export function backLinkFor(pathname: string): { to: string; label: string } | null {
  const rest = pathname.replace(/\/+$/, '').slice(BASE.length).split('/').filter(Boolean);
  if (!rest.length) return null;
  const parent = rest.slice(0, -1);
  const labels: Record<string, string> = { 'landing-page': 'Landing page', themes: 'Themes', menus: 'Menus' };
  const label = parent.length ? (labels[parent[parent.length - 1]] ?? 'Back') : 'Appearance';
  return { to: [BASE, ...parent].join('/'), label };
}

/**
 * /admin/appearance/* (appearance.update): the editor, beside the admin frame. Left, the sections and
 * the one in view with Save and Discard; right, the site in a frame the sections preview into.
 */
export function AppearanceEditorRoute() {
  const { trans } = useTrans();
  useDocumentTitle(trans('Appearance'));
  const { pathname } = useLocation();
  const frame = useRef<HTMLIFrameElement>(null);
  const kept = useRef(new Map<string, AppearanceEditorMessage>());
  const [section, setSection] = useState<EditorSection | null>(null);
  const [page, setPage] = useState<PreviewPage>('landing');
  const [device, setDevice] = useState<PreviewDevice>('desktop');
  const [frameKey, setFrameKey] = useState(0);
  const link = usePreviewLinkPath();
  const src = previewPath(page, link.data ?? FALLBACK_LINK_PATH);

  const post = useCallback((message: AppearanceEditorMessage) => {
    frame.current?.contentWindow?.postMessage({ source: APPEARANCE_EDITOR_SOURCE, ...message }, location.origin);
  }, []);

  // The frame announces every (re)load: send it all that is being previewed again.
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== location.origin || event.source !== frame.current?.contentWindow) return;
      const data = event.data as { source?: unknown; type?: unknown } | null;
      if (data?.source !== APPEARANCE_EDITOR_SOURCE || data.type !== 'appLoaded') return;
      for (const message of kept.current.values()) post(message);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [post]);

  const registered = useRef<EditorSection | null>(null);
  const context = useMemo<AppearanceEditorContextValue>(() => {
    const resetPreview = () => {
      kept.current.clear();
      setFrameKey((k) => k + 1);
    };
    return {
      preview: (message) => {
        keepMessage(kept.current, message);
        post(message);
      },
      resetPreview,
      setPreviewPage: setPage,
      register: (next) => {
        // A section left with unsaved changes (the admin chose Leave): the frame shows the saved look again.
        if (!next && registered.current?.dirty) resetPreview();
        registered.current = next;
        setSection(next);
      },
    };
  }, [post]);

  const dirty = !!section?.dirty;
  const scope = section?.scope;
  const inScope = (path: string) => !!scope && (path === scope || path.startsWith(`${scope}/`));
  const guard = useUnsavedChangesGuard(
    dirty,
    { title: 'Leave without saving?', body: 'Your changes to the appearance have not been saved.' },
    (from, to) => inScope(from) && inScope(to),
  );
  const back = backLinkFor(pathname);

  return (
    <AppearanceEditorContext.Provider value={context}>
      <div className="flex min-h-dvh flex-col bg-bg text-fg md:h-dvh md:flex-row">
        <aside
          aria-label={trans('Appearance editor')}
          className="flex w-full shrink-0 flex-col border-divider md:h-dvh md:w-[360px] md:border-r"
        >
          <header className="flex h-16 shrink-0 items-center gap-2 border-b border-divider px-3">
            <Link to="/admin" aria-label={trans('Close')} className={iconButtonClasses('md')}>
              <X size={20} aria-hidden />
            </Link>
            <h1 className="min-w-0 flex-1 truncate text-base font-medium">{trans('Appearance')}</h1>
            <Button variant="text" size="sm" isDisabled={!dirty || section?.saving} onPress={() => section?.discard()}>
              {trans('Discard')}
            </Button>
            <Button
              size="sm"
              isDisabled={!dirty || section?.saving}
              isPending={section?.saving}
              onPress={() => void section?.save()}
            >
              {section?.saving ? trans('Saving') : trans('Save')}
            </Button>
          </header>
          {back && (
            <nav aria-label={trans('Breadcrumbs')} className="shrink-0 px-2 pt-2">
              <Link to={back.to} className={buttonClasses('text', 'sm', 'gap-1 px-2')}>
                <ChevronLeft size={18} aria-hidden />
                {trans(back.label)}
              </Link>
            </nav>
          )}
          <main id="main-content" className="min-h-0 flex-1 overflow-y-auto px-4 pt-2 pb-6">
            <Outlet />
          </main>
        </aside>
        <PreviewFrame
          key={frameKey}
          ref={frame}
          src={src}
          page={page}
          onPageChange={setPage}
          device={device}
          onDeviceChange={setDevice}
        />
      </div>
      {guard.dialog}
    </AppearanceEditorContext.Provider>
  );
}

export { AppearanceEditorRoute as Component };
