import type { AppearanceSettingKey } from '@kosh/contracts';
import { useTrans } from '../../../../shell/i18n/useTrans.tsx';
import { Button } from '../../../../ui/Button.tsx';
import { TextArea } from '../../../../ui/TextArea.tsx';
import { TextField } from '../../../../ui/TextField.tsx';
import { nestSettings } from '../../appearance.api.ts';
import { useAppearanceEditor } from '../../editor-context.ts';
import { SectionTitle } from '../SectionLinks.tsx';
import { useSettingsDraft } from '../useSettingsDraft.ts';

export const SEO_KEYS = [
  'seo.title',
  'seo.description',
  'seo.shareable_link_page.title',
  'seo.shareable_link_page.description',
] as const satisfies readonly AppearanceSettingKey[];

/** The pages whose search engine text the editor sets (spec part 2, 2), and the placeholders each takes. */
export const SEO_PAGES = [
  {
    name: 'Landing page',
    variables: [':siteName'],
    fields: [
      { key: 'seo.title', label: 'Title', multiline: false },
      { key: 'seo.description', label: 'Description', multiline: true },
    ],
  },
  {
    name: 'Shareable link page',
    variables: [':entryName', ':siteName'],
    fields: [
      { key: 'seo.shareable_link_page.title', label: 'Title', multiline: false },
      { key: 'seo.shareable_link_page.description', label: 'Description', multiline: true },
    ],
  },
] as const;

/** /admin/appearance/seo-settings: titles and descriptions of the landing and shareable link pages. */
export function SeoSection() {
  const { trans } = useTrans();
  const { preview } = useAppearanceEditor();
  const {
    draft,
    saved: original,
    set,
    errors,
  } = useSettingsDraft(SEO_KEYS, (next) => preview({ type: 'setValues', values: nestSettings(next) }));
  return (
    <div className="flex flex-col gap-6">
      <SectionTitle>SEO settings</SectionTitle>
      {SEO_PAGES.map((page) => (
        <section key={page.name} aria-label={trans(page.name)} className="flex flex-col gap-4">
          <div>
            <h3 className="text-base font-medium text-fg">{trans(page.name)}</h3>
            <p className="text-xs text-fg-muted">
              {trans('Variables you can use')}: {page.variables.join(', ')}
            </p>
          </div>
          {page.fields.map((field) => {
            const Field = field.multiline ? TextArea : TextField;
            const value = String(draft[field.key]);
            const label = `${trans(page.name)}: ${trans(field.label)}`;
            return (
              <div key={field.key} className="flex flex-col gap-1">
                <Field
                  label={trans(field.label)}
                  value={value}
                  onChange={(next: string) => set(field.key, next)}
                  errorMessage={errors[field.key]}
                />
                <Button
                  variant="text"
                  size="sm"
                  className="self-start"
                  aria-label={`${trans('Reset to original')}: ${label}`}
                  isDisabled={value === original[field.key]}
                  onPress={() => set(field.key, original[field.key])}
                >
                  {trans('Reset to original')}
                </Button>
              </div>
            );
          })}
        </section>
      ))}
    </div>
  );
}

export { SeoSection as Component };
