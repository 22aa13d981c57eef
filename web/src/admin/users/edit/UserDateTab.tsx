import { Controller } from 'react-hook-form';
import type { AdminUserDetail } from '@kosh/contracts';
import { useCountryOptions, useTimezoneGroups } from '../../../api/value-lists.api.ts';
import { useBootstrapData } from '../../../shell/bootstrap-store.ts';
import { useTrans } from '../../../shell/i18n/useTrans.tsx';
import { Select } from '../../../ui/Select.tsx';
import { tabCard } from './UserDetailsTab.tsx';
import { useEditedUser } from './UserEditPage.tsx';
import { useUserTabForm } from './useUserTabForm.tsx';

type Values = { language: string; country_id: number | null; timezone: string };
const FIELDS = ['language', 'country_id', 'timezone'] as const;

const dateValues = (user: AdminUserDetail): Values => ({
  language: user.language ?? '',
  country_id: user.country_id,
  timezone: user.timezone ?? '',
});

/** Date and time: the user's language, country and time zone, from the lists the account settings use. */
export function UserDateTab() {
  const { trans } = useTrans();
  const user = useEditedUser();
  const { localizations } = useBootstrapData();
  const countryOptions = useCountryOptions();
  const timezoneGroups = useTimezoneGroups();
  const { form, wrap } = useUserTabForm<Values>({
    user,
    valuesOf: dateValues,
    bodyOf: (v) => ({ language: v.language || null, country_id: v.country_id, timezone: v.timezone || null }),
    fieldOf: (key) => FIELDS.find((f) => f === key),
  });
  return wrap(
    trans('Date and time'),
    <section className={tabCard} aria-labelledby="user-date-heading">
      <div>
        <h2 id="user-date-heading" className="text-base font-medium text-fg">
          {trans('Date, time and language')}
        </h2>
        <p className="mt-1 text-sm text-fg-muted">
          {trans('What the user sees Kosh in, and the time zone their dates show in. Empty: the site’s default.')}
        </p>
      </div>
      <div className="grid max-w-3xl gap-5 sm:grid-cols-2">
        <Controller
          control={form.control}
          name="language"
          render={({ field, fieldState }) => (
            <Select
              label={trans('Language')}
              name={field.name}
              placeholder={trans('Site default')}
              options={localizations.map((l) => ({ id: l.language, label: l.name }))}
              value={field.value || null}
              onChange={(v) => field.onChange(String(v ?? ''))}
              errorMessage={fieldState.error?.message}
            />
          )}
        />
        <Controller
          control={form.control}
          name="country_id"
          render={({ field, fieldState }) => (
            <Select
              label={trans('Country')}
              name={field.name}
              placeholder={trans('None')}
              options={countryOptions}
              value={countryOptions.length ? field.value : null}
              // An empty list would not open: wait for it.
              isDisabled={!countryOptions.length}
              onChange={(v) => field.onChange(v === null ? null : Number(v))}
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
              placeholder={trans('Site default')}
              options={timezoneGroups}
              value={timezoneGroups.length && field.value ? field.value : null}
              isDisabled={!timezoneGroups.length}
              onChange={(v) => field.onChange(String(v ?? ''))}
              errorMessage={fieldState.error?.message}
            />
          )}
        />
      </div>
    </section>,
  );
}

export { UserDateTab as Component };
