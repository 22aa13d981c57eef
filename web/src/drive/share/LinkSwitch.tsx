import type { ReactNode } from 'react';
import clsx from 'clsx';
import { Switch } from 'react-aria-components';

/** An on/off switch (react-aria Switch): a 36 x 20 track, the label beside it. */
export function LinkSwitch({
  isSelected,
  onChange,
  isDisabled,
  children,
}: {
  isSelected: boolean;
  onChange: (on: boolean) => void;
  isDisabled?: boolean;
  children: ReactNode;
}) {
  return (
    <Switch
      isSelected={isSelected}
      onChange={onChange}
      isDisabled={isDisabled}
      className="group inline-flex cursor-pointer items-center gap-3 text-sm text-fg data-[disabled]:opacity-60"
    >
      {children}
      <span
        aria-hidden
        className={clsx(
          'relative inline-flex h-5 w-9 shrink-0 items-center rounded-full bg-fg-muted/40',
          'transition-colors duration-125 group-data-[selected]:bg-primary',
          'group-data-[focus-visible]:outline-2 group-data-[focus-visible]:outline-offset-2',
          'group-data-[focus-visible]:outline-primary',
        )}
      >
        <span
          className={clsx(
            'ml-0.5 size-4 rounded-full bg-bg shadow transition-transform duration-125',
            'group-data-[selected]:translate-x-4',
          )}
        />
      </span>
    </Switch>
  );
}
