import { Controller, useForm } from 'react-hook-form';
import { useMutation } from '@tanstack/react-query';
import type { User } from '@kosh/contracts';
import { accountApi, storeUser } from '../api/account.api.ts';
import { applyServerErrors } from '../api/form-errors.ts';
import { useChangeLocale } from '../api/locale.api.ts';
import { useTimezoneGroups } from '../api/value-lists.api.ts';
import { useBootstrapData } from '../shell/bootstrap-store.ts';
import { DATE_FORMATS, formatDateAs, useDateFormat, type DateFormat } from '../shell/i18n/date-format.ts';
import { trans as transNow, useTrans } from '../shell/i18n/useTrans.tsx';
import { Button } from '../ui/Button.tsx';
import { Select } from '../ui/Select.tsx';
import { toast } from '../ui/toast/toast-store.ts';
import { SettingsPanel } from './SettingsPanel.tsx';

type Values = { language: string; timezone: string; date_format: DateFormat };

/**
 * Date, time and language (part 1, 2.7 and 9): language, time zone (grouped by region) and
 * date format. The time zone falls back to dates.default_timezone, then the browser's.
 */
export function LocalizationPanel({ user }: { user: User }) {
  const { trans } = useTrans();
  const { localizations, i18n, settings } = useBootstrapData();
  const dateFormat = useDateFormat();
  const changeLocale = useChangeLocale();
  const timezoneGroups = useTimezoneGroups();
  const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const form = useForm<Values>({
    defaultValues: {
      language: user.language || i18n.language,
      timezone: user.timezone || settings.dates?.default_timezone || browserZone,
      date_format: dateFormat,
    },
  });
  const today = new Date();
  const dateOptions = (Object.keys(DATE_FORMATS) as DateFormat[]).map((f) => ({
    id: f,
    label: formatDateAs(today, f, i18n.language, browserZone),
  }));

  const save = useMutation({
    mutationFn: ({ language, timezone, date_format }: Values) =>
      accountApi.updateUser(user.id, { language, timezone, date_format }),
    meta: { handledStatuses: 'all' },
    onSuccess: async ({ user: updated }, values) => {
      storeUser(updated);
      if (values.language !== i18n.language) await changeLocale.mutateAsync(values.language);
      // Read the lines now: a language change has just swapped them.
      toast.positive(transNow('Updated account details'));
    },
    onError: (error) => applyServerErrors(error, form, ['language', 'timezone', 'date_format']),
  });

  return (
    <SettingsPanel
      id="location-and-language"
      as="form"
      onSubmit={form.handleSubmit((v) => save.mutate(v))}
      title={trans('Date, time and language')}
      description={trans('Choose your language, time zone and how dates are shown.')}
      actions={
        <Button type="submit" isPending={save.isPending} isDisabled={save.isPending}>
          {trans('Save')}
        </Button>
      }
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <Controller
          control={form.control}
          name="language"
          render={({ field, fieldState }) => (
            <Select
              label={trans('Language')}
              name={field.name}
              options={localizations.map((l) => ({ id: l.language, label: l.name }))}
              value={field.value}
              onChange={(v) => field.onChange(String(v ?? ''))}
              isRequired
              errorMessage={fieldState.error?.message}
            />
          )}
        />
        <Controller
          control={form.control}
          name="timezone"
          render={({ field, fieldState }) => (
            <Select
              label={trans('Timezone')}
              name={field.name}
              options={timezoneGroups}
              value={timezoneGroups.length ? field.value : null}
              onChange={(v) => field.onChange(String(v ?? ''))}
              isRequired
              errorMessage={fieldState.error?.message}
            />
          )}
        />
        <Controller
          control={form.control}
          name="date_format"
          render={({ field }) => (
            <Select
              label={trans('Date format')}
              name={field.name}
              options={dateOptions}
              value={field.value}
              onChange={(v) => field.onChange(v)}
              isRequired
            />
          )}
        />
      </div>
    </SettingsPanel>
  );
}
