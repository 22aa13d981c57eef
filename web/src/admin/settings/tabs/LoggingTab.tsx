import { useTrans } from '../../../shell/i18n/useTrans.tsx';
import { NumberSetting, TextSetting } from '../fields/TextSettings.tsx';
import { SettingsSection } from '../SettingsSection.tsx';

/** Logging: where the web app reports its errors. */
export function LoggingTab() {
  const { trans } = useTrans();
  return (
    <SettingsSection
      title={trans('Error reporting')}
      description={trans('Errors in people’s browsers can be sent to a Sentry-compatible service.')}
    >
      <TextSetting
        name="error_reporting.public_key"
        type="url"
        label={trans('Error reporting DSN for the web app')}
        help="The project’s public DSN, an https address. Empty: errors are not reported."
        placeholder="https://key@errors.example.com/1"
      />
      <NumberSetting
        name="error_reporting.traces_sample_rate"
        label={trans('Traces sample rate')}
        help="The share of page loads traced, from 0 (none) to 1 (all)."
        className="max-w-xs"
      />
    </SettingsSection>
  );
}
