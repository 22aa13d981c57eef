import { Fragment } from 'react';
import clsx from 'clsx';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { Button } from '../../ui/Button.tsx';
import { focusRing } from '../../ui/button-styles.ts';
import { Dialog } from '../../ui/Dialog.tsx';
import { modKeyName, shortcutGroups } from './shortcuts.ts';

function KeyCap({ label }: { label: string }) {
  return (
    <kbd
      className={clsx(
        'inline-flex h-6 min-w-6 items-center justify-center rounded-[4px] border border-divider bg-bg-alt px-1.5',
        'font-[inherit] text-xs text-fg',
      )}
    >
      {label}
    </kbd>
  );
}

/** The sheet '?' opens: every key the drive answers, grouped; Escape or Close shuts it. */
export function ShortcutsSheet({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const { trans } = useTrans();
  const groups = shortcutGroups(modKeyName(typeof navigator === 'undefined' ? '' : navigator.platform));
  return (
    <Dialog
      isOpen={isOpen}
      onOpenChange={(open) => !open && onClose()}
      title={trans('Keyboard shortcuts')}
      size="md"
      actions={<Button onPress={onClose}>{trans('Close')}</Button>}
    >
      {/* Focusable, so the keyboard can scroll the list where the dialog is shorter than it (axe). */}
      <section
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region reached by keyboard
        tabIndex={0}
        aria-label={trans('Keyboard shortcuts')}
        className={clsx('flex flex-col gap-5 rounded-kosh outline-none', focusRing)}
        data-testid="shortcuts-sheet"
      >
        {groups.map((group) => (
          <section key={group.title}>
            <h3 className="mb-1 text-sm font-medium text-fg-muted">{trans(group.title)}</h3>
            <dl className="divide-y divide-divider">
              {group.shortcuts.map((shortcut) => (
                <div key={shortcut.description} className="flex min-h-10 items-center gap-4 py-1.5">
                  <dt className="min-w-0 flex-1 text-sm text-fg">{trans(shortcut.description)}</dt>
                  <dd className="flex shrink-0 flex-wrap items-center justify-end gap-1 text-xs text-fg-muted">
                    {shortcut.keys.map((combo, i) => (
                      <Fragment key={combo.join('+')}>
                        {i > 0 && <span className="px-0.5">/</span>}
                        {combo.map((key, k) => (
                          <Fragment key={key}>
                            {k > 0 && <span>+</span>}
                            <KeyCap label={key} />
                          </Fragment>
                        ))}
                      </Fragment>
                    ))}
                  </dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
      </section>
    </Dialog>
  );
}
