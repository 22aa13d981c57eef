import { useEffect, useState } from 'react';
import clsx from 'clsx';
import { Input, Label, NumberField, Text, ToggleButton, ToggleButtonGroup } from 'react-aria-components';
import type { AdminPermissionRestriction } from '@kosh/contracts';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { focusRing } from '../../ui/button-styles.ts';
import { Checkbox } from '../../ui/Checkbox.tsx';
import { inputClasses } from '../../ui/TextField.tsx';
import { BYTE_UNITS, type ByteUnit, joinBytes, splitBytes } from './grants.ts';

type Props = {
  restriction: AdminPermissionRestriction;
  /** A number, null for unlimited, undefined when not set. */
  value: number | null | undefined;
  onChange: (value: number | null | undefined) => void;
  isDisabled?: boolean;
};

/**
 * One restriction under a switched-on permission. A count: a whole number, empty for no limit.
 * A size: an amount and a unit (MB, GB, TB), empty for the site's default space, or Unlimited.
 */
export function RestrictionField({ restriction, value, onChange, isDisabled }: Props) {
  return restriction.kind === 'bytes' ? (
    <BytesField restriction={restriction} value={value} onChange={onChange} isDisabled={isDisabled} />
  ) : (
    <NumberField
      value={value ?? Number.NaN}
      onChange={(v) => onChange(Number.isNaN(v) ? undefined : v)}
      minValue={0}
      step={1}
      formatOptions={{ maximumFractionDigits: 0, useGrouping: false }}
      isDisabled={isDisabled}
      className="flex max-w-xs flex-col gap-1"
    >
      <Label className="text-sm font-medium text-fg">{restriction.label}</Label>
      <Input className={inputClasses} />
      <Text slot="description" className="text-xs text-fg-muted">
        {restriction.description}
      </Text>
    </NumberField>
  );
}

function BytesField({ restriction, value, onChange, isDisabled }: Props) {
  const { trans } = useTrans();
  const split = typeof value === 'number' ? splitBytes(value) : null;
  const [unit, setUnit] = useState<ByteUnit>(split?.unit ?? 'GB');
  const [amount, setAmount] = useState(split?.amount ?? Number.NaN);
  // A value set from outside (Remove all, a reset) shows as it is.
  useEffect(() => {
    if (typeof value !== 'number') {
      if (value === undefined) setAmount(Number.NaN);
      return;
    }
    if (joinBytes(amount, unit) === value) return;
    const next = splitBytes(value);
    setAmount(next.amount);
    setUnit(next.unit);
  }, [value, amount, unit]);

  const isUnlimited = value === null;
  const change = (nextAmount: number, nextUnit: ByteUnit) => {
    setAmount(nextAmount);
    setUnit(nextUnit);
    onChange(joinBytes(nextAmount, nextUnit));
  };
  return (
    <div className="flex flex-col gap-1">
      <div className="flex flex-wrap items-end gap-2">
        <NumberField
          value={isUnlimited ? Number.NaN : amount}
          onChange={(v) => change(v, unit)}
          minValue={0}
          formatOptions={{ maximumFractionDigits: 2, useGrouping: false }}
          isDisabled={isDisabled || isUnlimited}
          className="flex w-28 flex-col gap-1"
        >
          <Label className="text-sm font-medium text-fg">{restriction.label}</Label>
          <Input className={inputClasses} placeholder={isUnlimited ? trans('Unlimited') : trans('Default')} />
        </NumberField>
        <ToggleButtonGroup
          aria-label={trans('Unit')}
          selectionMode="single"
          disallowEmptySelection
          selectedKeys={[unit]}
          onSelectionChange={(keys) => change(amount, ([...keys][0] as ByteUnit | undefined) ?? unit)}
          isDisabled={isDisabled || isUnlimited}
          className="flex h-10 overflow-hidden rounded-kosh border border-divider data-[disabled]:opacity-60"
        >
          {BYTE_UNITS.map((u) => (
            <ToggleButton
              key={u.id}
              id={u.id}
              className={clsx(
                'min-w-12 cursor-pointer px-3 text-sm text-fg-muted not-first:border-l not-first:border-divider',
                'data-[selected]:bg-bg-chip data-[selected]:font-medium data-[selected]:text-fg',
                'data-[hovered]:bg-bg-alt data-[disabled]:cursor-default',
                focusRing,
                'data-[focus-visible]:-outline-offset-2',
              )}
            >
              {u.id}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <Checkbox
          isSelected={isUnlimited}
          onChange={(on) => onChange(on ? null : joinBytes(amount, unit))}
          isDisabled={isDisabled}
          className="h-10"
        >
          {trans('Unlimited')}
        </Checkbox>
      </div>
      <p className="text-xs text-fg-muted">{restriction.description}</p>
    </div>
  );
}
