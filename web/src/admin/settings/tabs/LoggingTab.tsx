import { useTrans } from '../../../shell/i18n/useTrans.tsx';
import { SelectSetting } from '../fields/ChoiceSettings.tsx';
import { NumberSetting, TextSetting } from '../fields/TextSettings.tsx';
import { SettingsSection } from '../SettingsSection.tsx';

const LEVELS = [
  { id: 'fatal', label: 'Fatal: only what stops the server' },
  { id: 'error', label: 'Error' },
  { id: 'warn', label: 'Warning' },
  { id: 'info', label: 'Info (recommended)' },
  { id: 'debug', label: 'Debug' },
  { id: 'trace', label: 'Trace: everything' },
  { id: 'silent', label: 'Silent: nothing' },
];

/** Logging: what the server writes to its logs and for how long, and where the web app reports its errors. */
export function LoggingTab() {
  const { trans } = useTrans();
  return (
    <>
      <SettingsSection
        title={trans('Server logs')}
        description={trans(
          'JSON logs in the data folder, rotated daily. Every server process follows a change within 15 seconds.',
        )}
      >
        <div className="grid gap-5 sm:grid-cols-2">
          <SelectSetting
            name="logging.level"
            label={trans('Level')}
            help="How much the server writes; errors always go to error.log too."
            options={LEVELS.map((level) => ({ id: level.id, label: trans(level.label) }))}
          />
          <NumberSetting
            name="logging.retention_days"
            label={trans('Days to keep')}
            help="Rotated log files older than this are deleted, 1 to 365."
          />
        </div>
      </SettingsSection>
      <SettingsSection
        title={trans('Error reporting')}
        description={trans('Errors in people’s browsers and the server’s can be sent to a Sentry-compatible service.')}
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
        <TextSetting
          name="error_reporting.server_dsn"
          type="url"
          label={trans('Error reporting DSN for the server')}
          help="Unexpected server errors are sent here, without personal data. Empty: not reported."
          placeholder="https://key@errors.example.com/2"
        />
      </SettingsSection>
    </>
  );
}
