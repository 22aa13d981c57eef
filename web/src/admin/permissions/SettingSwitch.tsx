import { type ReactNode, useId } from 'react';
import clsx from 'clsx';
import { Switch } from 'react-aria-components';
import { SwitchTrack } from '../../ui/SwitchTrack.tsx';

type Props = {
  isSelected: boolean;
  onChange: (isOn: boolean) => void;
  label: ReactNode;
  /** One line under the label, read with the switch (aria-describedby). */
  description?: ReactNode;
  isDisabled?: boolean;
  className?: string;
};

/** A switch with its label and a line of help beside it: the admin forms' on/off settings. */
export function SettingSwitch({ isSelected, onChange, label, description, isDisabled, className }: Props) {
  const descriptionId = useId();
  return (
    <div className={clsx('flex items-start gap-3', className)}>
      <Switch
        isSelected={isSelected}
        onChange={onChange}
        isDisabled={isDisabled}
        aria-describedby={description ? descriptionId : undefined}
        className="group flex min-w-0 flex-1 cursor-pointer items-start gap-3 data-[disabled]:cursor-default"
      >
        <SwitchTrack className="mt-0.5 group-data-[disabled]:opacity-60" />
        <span className="flex min-w-0 flex-col gap-0.5">
          <span className="text-sm font-medium text-fg">{label}</span>
          {description && (
            <span id={descriptionId} className="text-xs text-fg-muted">
              {description}
            </span>
          )}
        </span>
      </Switch>
    </div>
  );
}
