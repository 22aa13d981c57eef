import { useTimezoneGroups } from '../../../api/value-lists.api.ts';
import { useBootstrapData } from '../../../shell/bootstrap-store.ts';
import { DATE_FORMATS, type DateFormat, formatDateAs } from '../../../shell/i18n/date-format.ts';
import { useTrans } from '../../../shell/i18n/useTrans.tsx';
import { RadioSetting, SelectSetting, SwitchSetting } from '../fields/ChoiceSettings.tsx';
import { useSettingsFormContext } from '../SettingsFormContext.ts';
import { SettingsSection } from '../SettingsSection.tsx';

const FORMAT_NAMES: Record<DateFormat, string> = {
  numeric: 'Numeric',
  short: 'Short',
  long: 'Long',
  full: 'Full',
};

/** Localization: the default language and whether people may pick another, time zone and date format. */
export function LocalizationTab() {
  const { trans } = useTrans();
  const { localizations, i18n } = useBootstrapData();
  const { currentValue } = useSettingsFormContext();
  const timezoneGroups = useTimezoneGroups();
  const zone = currentValue('dates.default_timezone');
  const timezone = typeof zone === 'string' && zone ? zone : 'UTC';
  const today = new Date();
  const formats = (Object.keys(DATE_FORMATS) as DateFormat[]).map((format) => ({
    id: format,
    label: trans(FORMAT_NAMES[format]),
    description: formatDateAs(today, format, i18n.language, timezone),
  }));
  return (
    <>
      <SettingsSection title={trans('Language')}>
        <SelectSetting
          name="i18n.default_localization"
          label={trans('Default language')}
          help="For visitors and for users who have not chosen one."
          options={localizations.map((l) => ({ id: l.language, label: l.name }))}
          className="max-w-sm"
        />
        <SwitchSetting
          name="i18n.enable"
          label={trans('Users may choose their language')}
          help="Offers a language picker when there is more than one language."
        />
      </SettingsSection>
      <SettingsSection title={trans('Date and time')}>
        <SelectSetting
          name="dates.default_timezone"
          label={trans('Default time zone')}
          help="Dates show in it for users who have not chosen their own."
          options={timezoneGroups}
          isLoading={!timezoneGroups.length}
          className="max-w-sm"
        />
        <RadioSetting
          name="dates.format"
          label={trans('Date format')}
          help="For users who have not chosen their own; shown with today’s date."
          options={formats}
        />
      </SettingsSection>
    </>
  );
}
