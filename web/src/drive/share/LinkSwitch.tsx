import type { ReactNode } from 'react';
import { Switch } from 'react-aria-components';
import { SwitchTrack } from '../../ui/SwitchTrack.tsx';

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
      <SwitchTrack />
    </Switch>
  );
}
