import clsx from 'clsx';
import { Ban } from 'lucide-react';
import { Label, Radio, RadioGroup } from 'react-aria-components';
import { MENU_ICONS } from '@kosh/contracts/admin-appearance';
import { useTrans } from '../../../shell/i18n/useTrans.tsx';
import { MENU_ICON_COMPONENTS } from '../../../shell/menus/menu-icons.ts';

const NONE = 'none';

const cell = ({ isSelected, isFocusVisible }: { isSelected: boolean; isFocusVisible: boolean }) =>
  clsx(
    'flex size-10 cursor-pointer items-center justify-center rounded-kosh border text-fg',
    isSelected ? 'border-primary bg-bg-chip ring-1 ring-primary' : 'border-divider hover:bg-bg-alt',
    isFocusVisible && 'outline-2 outline-offset-2 outline-primary',
  );

/** A grid of the icons a menu item may carry, each named for screen readers, and "No icon". */
export function IconPicker({ value, onChange }: { value: string | undefined; onChange: (icon?: string) => void }) {
  const { trans } = useTrans();
  return (
    <RadioGroup
      value={value ?? NONE}
      onChange={(next) => onChange(next === NONE ? undefined : next)}
      className="flex flex-col gap-2"
    >
      <Label className="text-sm font-medium">{trans('Icon')}</Label>
      <div className="relative flex flex-wrap gap-1">
        <Radio value={NONE} aria-label={trans('No icon')} className={cell}>
          <Ban size={18} className="text-fg-muted" aria-hidden />
        </Radio>
        {MENU_ICONS.map((name) => {
          const Icon = MENU_ICON_COMPONENTS[name];
          return (
            <Radio key={name} value={name} aria-label={name} className={cell}>
              <Icon size={18} aria-hidden />
            </Radio>
          );
        })}
      </div>
    </RadioGroup>
  );
}
