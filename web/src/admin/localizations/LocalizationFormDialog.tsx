import { useEffect, useId } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { type AdminLocalization, type CreateLocalizationBody, CreateLocalizationBodySchema } from '@kosh/contracts';
import { applyServerErrors } from '../../api/form-errors.ts';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { textFieldProps } from '../../ui/form-field.ts';
import { TextField } from '../../ui/TextField.tsx';
import { toast } from '../../ui/toast/toast-store.ts';
import { useTranslatedResolver } from '../../ui/zod-messages.ts';
import { useSaveLocalization } from './localizations.api.ts';

const FIELDS = ['name', 'language'] as const;
const blank: CreateLocalizationBody = { name: '', language: '' };

type Props = {
  /** The localization to rename; null with isOpen: a new one. */
  localization: AdminLocalization | null;
  isOpen: boolean;
  onClose: () => void;
};

/** "New localization" (a copy of the default language's lines) and "Rename": name and language code. */
export function LocalizationFormDialog({ localization, isOpen, onClose }: Props) {
  const { trans } = useTrans();
  const formId = useId();
  const save = useSaveLocalization();
  const form = useForm<CreateLocalizationBody>({
    defaultValues: blank,
    resolver: useTranslatedResolver(
      zodResolver(CreateLocalizationBodySchema) as unknown as Resolver<CreateLocalizationBody>,
    ),
  });
  useEffect(() => {
    if (isOpen) form.reset(localization ? { name: localization.name, language: localization.language } : blank);
  }, [isOpen, localization, form]);
  const close = () => {
    save.reset();
    onClose();
  };
  const isDefault = localization?.is_default ?? false;
  const submit = form.handleSubmit((body) =>
    save.mutate(
      { id: localization?.id ?? null, body },
      {
        onSuccess: ({ localization: saved }) => {
          toast.positive(
            localization ? trans('Saved :name', { name: saved.name }) : trans('Added :name', { name: saved.name }),
          );
          close();
        },
        onError: (error) => applyServerErrors(error, form, FIELDS),
      },
    ),
  );
  return (
    <Dialog
      isOpen={isOpen}
      onOpenChange={(open) => !open && close()}
      title={localization ? trans('Rename localization') : trans('New localization')}
      actions={
        <>
          <Button variant="text" onPress={close}>
            {trans('Cancel')}
          </Button>
          <Button type="submit" form={formId} isPending={save.isPending}>
            {localization ? trans('Save') : trans('Create')}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="flex flex-col gap-4">
        {!localization && (
          <p className="text-sm text-fg-muted">
            {trans('It starts as a copy of the default language, to translate line by line.')}
          </p>
        )}
        <Controller
          control={form.control}
          name="name"
          render={({ field, fieldState }) => (
            <TextField
              {...textFieldProps(field)}
              label={trans('Name')}
              description={trans('As the language picker shows it, in the language itself (Deutsch).')}
              isRequired
              autoFocus
              autoComplete="off"
              errorMessage={fieldState.error?.message}
            />
          )}
        />
        <Controller
          control={form.control}
          name="language"
          render={({ field, fieldState }) => (
            <TextField
              {...textFieldProps(field)}
              label={trans('Language code')}
              description={
                isDefault
                  ? trans('The default language keeps its code. Choose another default in Settings to change it.')
                  : trans('A language tag such as de, hi or pt-BR.')
              }
              isRequired
              isReadOnly={isDefault}
              autoComplete="off"
              errorMessage={fieldState.error?.message}
            />
          )}
        />
      </form>
    </Dialog>
  );
}
