import { useEffect, useState } from 'react';
import clsx from 'clsx';
import { ChevronDown, ChevronRight, Download, X } from 'lucide-react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import type { DebugErrorPayload, TraceFrame } from '@kosh/contracts';
import { buttonClasses, focusRing } from '../../ui/button-styles.ts';
import { Button, IconButton } from '../../ui/Button.tsx';
import { useTrans } from '../i18n/useTrans.tsx';
import { closeDevError, useDevError } from './dev-error-store.ts';
import { initialFrame, isVendorGroup, snippetLines, vendorGroupLabelKey } from './trace.ts';

const DOWNLOAD_LOG_URL = '/api/v1/logs/error/download-latest';

function FrameButton({
  frame,
  isSelected,
  onSelect,
  isVendor,
}: {
  frame: TraceFrame;
  isSelected: boolean;
  onSelect: () => void;
  isVendor?: boolean;
}) {
  return (
    <button
      type="button"
      onClick={onSelect}
      aria-current={isSelected ? 'true' : undefined}
      data-testid="trace-frame"
      className={clsx(
        'flex w-full flex-col items-start gap-0.5 border-b border-divider px-4 py-2.5 text-left',
        isSelected ? 'bg-bg-chip' : 'hover:bg-bg-alt',
        isVendor && 'pl-8',
        focusRing,
      )}
    >
      <span className="w-full truncate font-mono text-[13px] text-fg">{frame.method}</span>
      <span className="w-full truncate text-xs text-fg-muted" dir="rtl">
        <bdi>
          {frame.path}:{frame.lineNumber}
        </bdi>
      </span>
    </button>
  );
}

function CodeSnippet({ frame }: { frame: TraceFrame | undefined }) {
  const { trans } = useTrans();
  if (!frame) return null;
  const lines = snippetLines(frame);
  return (
    <section aria-label={trans('Stack trace')} className="flex min-h-0 min-w-0 flex-1 flex-col">
      <div className="border-b border-divider px-4 py-3 font-mono text-[13px] break-all text-fg">
        {frame.path}:{frame.lineNumber}
      </div>
      <div className="min-h-0 flex-1 overflow-auto bg-bg-alt py-2" data-testid="code-snippet">
        {lines.length === 0 ? (
          <p className="px-4 text-sm text-fg-muted">{frame.method}</p>
        ) : (
          <pre className="min-w-max font-mono text-[13px] leading-6">
            {lines.map((line) => (
              <div
                key={line.number}
                data-failing={line.isFailing || undefined}
                className={clsx(
                  'flex pr-4',
                  line.isFailing ? 'border-l-4 border-danger bg-danger/15' : 'border-l-4 border-transparent',
                )}
              >
                <span
                  className={clsx(
                    'inline-block w-14 shrink-0 pr-4 text-right select-none',
                    line.isFailing ? 'font-medium text-fg' : 'text-fg-muted',
                  )}
                >
                  {line.number}
                </span>
                <code className="text-fg">{line.text || ' '}</code>
              </div>
            ))}
          </pre>
        )}
      </div>
    </section>
  );
}

function TraceList({
  payload,
  selected,
  onSelect,
}: {
  payload: DebugErrorPayload;
  selected: TraceFrame | undefined;
  onSelect: (f: TraceFrame) => void;
}) {
  const { trans } = useTrans();
  const [expanded, setExpanded] = useState<Set<number>>(new Set());
  const groupIndexes = payload.trace.flatMap((e, i) => (isVendorGroup(e) ? [i] : []));
  const allExpanded = groupIndexes.length > 0 && groupIndexes.every((i) => expanded.has(i));
  const toggle = (i: number) =>
    setExpanded((prev) => {
      const next = new Set(prev);
      if (next.has(i)) next.delete(i);
      else next.add(i);
      return next;
    });
  return (
    <nav
      aria-label={trans('Stack trace')}
      className={clsx(
        'flex max-h-[40dvh] min-h-0 w-full shrink-0 flex-col border-b border-divider',
        'md:max-h-none md:w-[360px] md:border-r md:border-b-0',
      )}
    >
      {groupIndexes.length > 0 && (
        <div className="flex justify-end border-b border-divider px-2 py-1.5">
          <Button variant="text" size="sm" onPress={() => setExpanded(allExpanded ? new Set() : new Set(groupIndexes))}>
            {trans(allExpanded ? 'Collapse vendor frames' : 'Expand vendor frames')}
          </Button>
        </div>
      )}
      <ol className="min-h-0 flex-1 overflow-y-auto">
        {payload.trace.map((entry, i) =>
          isVendorGroup(entry) ? (
            <li key={`vendor-${entry.items[0]?.flatIndex}`}>
              <button
                type="button"
                aria-expanded={expanded.has(i)}
                onClick={() => toggle(i)}
                data-testid="vendor-group"
                className={clsx(
                  'flex w-full items-center gap-2 border-b border-divider px-4 py-2.5 text-left text-xs text-fg-muted',
                  'hover:bg-bg-alt',
                  focusRing,
                )}
              >
                {expanded.has(i) ? <ChevronDown size={16} aria-hidden /> : <ChevronRight size={16} aria-hidden />}
                {trans(vendorGroupLabelKey(entry.items.length), { count: entry.items.length })}
              </button>
              {expanded.has(i) && (
                <ol>
                  {entry.items.map((frame) => (
                    <li key={frame.flatIndex}>
                      <FrameButton
                        frame={frame}
                        isVendor
                        isSelected={selected?.flatIndex === frame.flatIndex}
                        onSelect={() => onSelect(frame)}
                      />
                    </li>
                  ))}
                </ol>
              )}
            </li>
          ) : (
            <li key={entry.flatIndex}>
              <FrameButton
                frame={entry}
                isSelected={selected?.flatIndex === entry.flatIndex}
                onSelect={() => onSelect(entry)}
              />
            </li>
          ),
        )}
      </ol>
    </nav>
  );
}

/** Full-screen developer error dialog of part 1, 2.5, opened by an error with a trace. */
export function DevErrorDialog() {
  const payload = useDevError();
  const { trans } = useTrans();
  const [selected, setSelected] = useState<TraceFrame | undefined>();
  useEffect(() => setSelected(payload ? initialFrame(payload.trace) : undefined), [payload]);
  if (!payload) return null;
  return (
    <ModalOverlay
      isOpen
      isDismissable
      onOpenChange={(open) => !open && closeDevError()}
      className="fixed inset-0 z-[80] bg-black/50 data-[entering]:animate-fade-in"
    >
      <Modal className="fixed inset-0 flex bg-bg md:inset-4 md:rounded-kosh-lg md:shadow-2xl">
        <Dialog className="flex min-h-0 w-full flex-col outline-none" data-testid="dev-error-dialog">
          <header
            className={clsx(
              'relative flex flex-wrap items-start gap-3 border-b border-divider py-3 pr-14 pl-4',
              'sm:py-4 sm:pl-6',
            )}
          >
            <div className="min-w-0 basis-full md:flex-1 md:basis-auto">
              <Heading slot="title" className="text-xl font-medium text-fg">
                {trans('An error occured')}
              </Heading>
              <p className="mt-1 text-sm break-words text-fg">
                <span className="font-medium text-danger">{payload.exception}</span>
                {payload.message ? `: ${payload.message}` : ''}
              </p>
            </div>
            <a href={DOWNLOAD_LOG_URL} download className={buttonClasses('secondary', 'md')}>
              <Download size={18} aria-hidden />
              {trans('Download log')}
            </a>
            <IconButton
              label={trans('Close')}
              onPress={closeDevError}
              showTooltip={false}
              className="absolute top-2 right-2 sm:top-3 sm:right-3"
            >
              <X size={20} aria-hidden />
            </IconButton>
          </header>
          <div className="flex min-h-0 flex-1 flex-col md:flex-row">
            <TraceList payload={payload} selected={selected} onSelect={setSelected} />
            <CodeSnippet frame={selected} />
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
