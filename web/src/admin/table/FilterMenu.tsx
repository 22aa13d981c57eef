import { useState } from 'react';
import clsx from 'clsx';
import { SlidersHorizontal } from 'lucide-react';
import { Dialog as AriaDialog, DialogTrigger, Heading, Popover } from 'react-aria-components';
import { POPOVER_COLLISION_PADDING_PX } from '@kosh/contracts/constants';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { useIsMobile } from '../../shell/useMediaQuery.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { activeFilterCount, type FilterDef, type FilterValues } from './filters.ts';
import { FilterControls } from './FilterControls.tsx';

type Props = {
  filters: readonly FilterDef[];
  values: FilterValues;
  onChange: (values: Record<string, string | null>) => void;
  onClear: () => void;
};

/** The Filters button: a popover of the filters on wide screens, a full-screen dialog on phones. */
export function FilterMenu({ filters, values, onChange, onClear }: Props) {
  const { trans } = useTrans();
  const isMobile = useIsMobile();
  const [isOpen, setOpen] = useState(false);
  const count = activeFilterCount(filters, values);
  const trigger = (
    <Button variant="secondary" onPress={isMobile ? () => setOpen(true) : undefined} className="shrink-0">
      <SlidersHorizontal size={18} aria-hidden className="text-fg-muted" />
      {trans('Filters')}
      {count > 0 && (
        <span
          className={clsx(
            'inline-flex min-w-5 items-center justify-center rounded-full bg-primary px-1.5 text-xs',
            'text-on-primary',
          )}
        >
          {count}
        </span>
      )}
    </Button>
  );
  const clearButton = count > 0 && (
    <Button variant="text" onPress={onClear}>
      {trans('Clear filters')}
    </Button>
  );
  const controls = <FilterControls filters={filters} values={values} onChange={onChange} />;
  if (isMobile) {
    return (
      <>
        {trigger}
        <Dialog
          isOpen={isOpen}
          onOpenChange={setOpen}
          title={trans('Filters')}
          actions={
            <>
              {clearButton}
              <Button onPress={() => setOpen(false)}>{trans('Done')}</Button>
            </>
          }
        >
          {controls}
        </Dialog>
      </>
    );
  }
  return (
    <DialogTrigger isOpen={isOpen} onOpenChange={setOpen}>
      {trigger}
      <Popover
        placement="bottom start"
        offset={4}
        containerPadding={POPOVER_COLLISION_PADDING_PX}
        className={clsx(
          'w-[340px] max-w-[calc(100vw-32px)] rounded-kosh border border-divider bg-bg shadow-lg outline-none',
          'data-[entering]:animate-fade-in',
        )}
      >
        <AriaDialog className="flex flex-col gap-4 p-4 outline-none">
          <div className="flex items-center gap-2">
            <Heading slot="title" className="flex-1 text-base font-medium text-fg">
              {trans('Filters')}
            </Heading>
            {clearButton}
          </div>
          {controls}
        </AriaDialog>
      </Popover>
    </DialogTrigger>
  );
}
