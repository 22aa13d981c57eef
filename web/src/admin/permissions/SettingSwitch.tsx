import { type ReactNode, useId } from 'react';
import clsx from 'clsx';
import { Switch } from 'react-aria-components';

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
        <span
          aria-hidden
          className={clsx(
            'relative mt-0.5 inline-flex h-5 w-9 shrink-0 items-center rounded-full bg-fg-muted/40',
            'transition-colors duration-125 group-data-[selected]:bg-primary group-data-[disabled]:opacity-60',
            'group-data-[focus-visible]:outline-2 group-data-[focus-visible]:outline-offset-2',
            'group-data-[focus-visible]:outline-primary group-data-[focus-visible]:outline-solid',
          )}
        >
          <span
            className={clsx(
              'ml-0.5 size-4 rounded-full bg-bg shadow transition-transform duration-125',
              'group-data-[selected]:translate-x-4',
            )}
          />
        </span>
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
