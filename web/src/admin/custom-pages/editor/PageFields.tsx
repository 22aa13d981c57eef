import { Controller, type UseFormReturn } from 'react-hook-form';
import { pageSlugOf } from '@kosh/contracts';
import { useTrans } from '../../../shell/i18n/useTrans.tsx';
import { textFieldProps } from '../../../ui/form-field.ts';
import { TextArea } from '../../../ui/TextArea.tsx';
import { TextField } from '../../../ui/TextField.tsx';
import type { PageFormValues } from './page-form.ts';

type Props = {
  form: UseFormReturn<PageFormValues>;
  /** Whether the slug was typed (or saved): then the title no longer changes it. */
  isSlugEdited: boolean;
  onSlugEdited: () => void;
};

/** The page's title and address, and what search engines show of it. */
export function PageFields({ form, isSlugEdited, onSlugEdited }: Props) {
  const { trans } = useTrans();
  return (
    <div className="flex flex-col gap-4">
      <Controller
        control={form.control}
        name="title"
        render={({ field, fieldState }) => (
          <TextField
            {...textFieldProps(field)}
            onChange={(value) => {
              field.onChange(value);
              if (!isSlugEdited) form.setValue('slug', pageSlugOf(value), { shouldDirty: true });
            }}
            label={trans('Title')}
            isRequired
            autoComplete="off"
            errorMessage={fieldState.error?.message}
          />
        )}
      />
      <Controller
        control={form.control}
        name="slug"
        render={({ field, fieldState }) => (
          <TextField
            {...textFieldProps(field)}
            onChange={(value) => {
              field.onChange(value);
              onSlugEdited();
            }}
            label={trans('Slug')}
            isRequired
            autoComplete="off"
            spellCheck="false"
            description={trans('The page’s address: /pages/:slug', { slug: field.value || '…' })}
            errorMessage={fieldState.error?.message}
          />
        )}
      />
      <h2 className="mt-2 text-sm font-medium text-fg">{trans('Search engines')}</h2>
      <Controller
        control={form.control}
        name="seo.title"
        render={({ field, fieldState }) => (
          <TextField
            {...textFieldProps(field)}
            label={trans('SEO title')}
            autoComplete="off"
            description={trans('Shown in the browser tab and search results. Empty: the title.')}
            errorMessage={fieldState.error?.message}
          />
        )}
      />
      <Controller
        control={form.control}
        name="seo.description"
        render={({ field, fieldState }) => (
          <TextArea
            {...textFieldProps(field)}
            label={trans('SEO description')}
            rows={3}
            description={trans('One or two sentences search results show under the title.')}
            errorMessage={fieldState.error?.message}
          />
        )}
      />
    </div>
  );
}
