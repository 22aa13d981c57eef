import { useState } from 'react';
import { Form } from 'react-aria-components';
import { type ReportRange, readReportPeriod } from '@kosh/contracts/report-period';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { Button } from '../../ui/Button.tsx';
import { Select } from '../../ui/Select.tsx';
import { TextField } from '../../ui/TextField.tsx';

export type RangeChoice = { range: ReportRange; from?: string; to?: string };

const PRESETS: Array<{ id: ReportRange; label: string }> = [
  { id: 'today', label: 'Today' },
  { id: '7d', label: 'Last 7 days' },
  { id: '30d', label: 'Last 30 days' },
  { id: '90d', label: 'Last 90 days' },
  { id: 'month', label: 'This month' },
  { id: '12m', label: 'Last 12 months' },
  { id: 'custom', label: 'Custom' },
];

type Props = {
  value: RangeChoice;
  /** The days shown now: a custom range starts from them. */
  shown: { from: string; to: string } | undefined;
  timezone: string;
  onChange: (choice: RangeChoice) => void;
};

/** The period of the report: a preset, or two dates checked by the request's own rules before asking. */
export function RangePicker({ value, shown, timezone, onChange }: Props) {
  const { trans } = useTrans();
  const [isCustom, setCustom] = useState(value.range === 'custom');
  const [from, setFrom] = useState(value.from ?? shown?.from ?? '');
  const [to, setTo] = useState(value.to ?? shown?.to ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const handlePreset = (key: string | number | null) => {
    if (key === 'custom') {
      setCustom(true);
      setFrom(value.from ?? shown?.from ?? '');
      setTo(value.to ?? shown?.to ?? '');
      return;
    }
    setCustom(false);
    setErrors({});
    if (key) onChange({ range: key as ReportRange });
  };

  const handleApply = () => {
    const read = readReportPeriod({ range: 'custom', from, to, timezone });
    if (!read.ok) {
      setErrors(Object.fromEntries(read.issues.map((i) => [i.path, trans(i.message)])));
      return;
    }
    setErrors({});
    onChange({ range: 'custom', from, to });
  };

  return (
    <div className="flex w-full flex-wrap items-start gap-3 sm:w-auto">
      <Select
        label={trans('Period')}
        className="w-full sm:w-48"
        options={PRESETS.map((p) => ({ id: p.id, label: trans(p.label) }))}
        value={isCustom ? 'custom' : value.range}
        onChange={handlePreset}
      />
      {isCustom && (
        <Form
          className="flex w-full flex-wrap items-start gap-3 sm:w-auto"
          onSubmit={(event) => {
            event.preventDefault();
            handleApply();
          }}
        >
          <TextField
            label={trans('From')}
            type="date"
            name="from"
            className="min-w-0 flex-1 sm:w-40 sm:flex-none"
            value={from}
            onChange={setFrom}
            errorMessage={errors.from}
          />
          <TextField
            label={trans('To')}
            type="date"
            name="to"
            className="min-w-0 flex-1 sm:w-40 sm:flex-none"
            value={to}
            onChange={setTo}
            errorMessage={errors.to}
          />
          <Button type="submit" variant="secondary" className="mt-6 h-10 w-full sm:w-auto">
            {trans('Apply')}
          </Button>
        </Form>
      )}
    </div>
  );
}
