import type { AppearanceSettingKey } from '@kosh/contracts';
import { useTrans } from '../../../../shell/i18n/useTrans.tsx';
import { TextArea } from '../../../../ui/TextArea.tsx';
import { TextField } from '../../../../ui/TextField.tsx';
import { nestSettings } from '../../appearance.api.ts';
import { useAppearanceEditor } from '../../editor-context.ts';
import { ImageField } from '../ImageField.tsx';
import { SectionTitle } from '../SectionLinks.tsx';
import { useSettingsDraft } from '../useSettingsDraft.ts';

export const GENERAL_KEYS = [
  'branding.site_name',
  'branding.site_description',
  'branding.logo_light',
  'branding.logo_dark',
  'branding.logo_light_mobile',
  'branding.logo_dark_mobile',
  'branding.favicon',
] as const satisfies readonly AppearanceSettingKey[];

const IMAGES: ReadonlyArray<{ key: AppearanceSettingKey; label: string; description: string }> = [
  { key: 'branding.logo_dark', label: 'Dark logo', description: 'Shown on light backgrounds.' },
  { key: 'branding.logo_light', label: 'Light logo', description: 'Shown on dark backgrounds.' },
  { key: 'branding.logo_dark_mobile', label: 'Dark mobile logo', description: 'Shown on light backgrounds on phones.' },
  {
    key: 'branding.logo_light_mobile',
    label: 'Light mobile logo',
    description: 'Shown on dark backgrounds on phones.',
  },
  { key: 'branding.favicon', label: 'Favicon', description: 'The icon of browser tabs. A square PNG works best.' },
];

/** /admin/appearance/general: site name, description, logos and favicon. */
export function GeneralSection() {
  const { trans } = useTrans();
  const { preview } = useAppearanceEditor();
  const { draft, set, errors } = useSettingsDraft(GENERAL_KEYS, (next) =>
    preview({ type: 'setValues', values: nestSettings(next) }),
  );
  return (
    <div className="flex flex-col gap-5">
      <SectionTitle>General</SectionTitle>
      <TextField
        label={trans('Site name')}
        isRequired
        value={String(draft['branding.site_name'])}
        onChange={(value) => set('branding.site_name', value)}
        errorMessage={errors['branding.site_name']}
      />
      <TextArea
        label={trans('Site description')}
        rows={3}
        value={String(draft['branding.site_description'])}
        onChange={(value) => set('branding.site_description', value)}
        errorMessage={errors['branding.site_description']}
      />
      {IMAGES.map(({ key, label, description }) => (
        <ImageField
          key={key}
          label={label}
          description={description}
          value={String(draft[key])}
          onChange={(url) => set(key, url)}
          errorMessage={errors[key]}
        />
      ))}
    </div>
  );
}

export { GeneralSection as Component };
