import { useEffect, useId } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { type AdminTag, type SaveTagBody, SaveTagBodySchema, TAG_TYPES, tagSlug } from '@kosh/contracts';
import { applyServerErrors } from '../../api/form-errors.ts';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { textFieldProps } from '../../ui/form-field.ts';
import { Select } from '../../ui/Select.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { toast } from '../../ui/toast/toast-store.ts';
import { useTranslatedResolver } from '../../ui/zod-messages.ts';
import { useSaveTag } from './tags.api.ts';

const FIELDS = ['name', 'display_name', 'type'] as const;
const TYPE_LABELS: Record<(typeof TAG_TYPES)[number], string> = { custom: 'Custom', label: 'Label' };
const blank: SaveTagBody = { name: '', display_name: '', type: 'custom' };

type Props = {
  /** The tag to rename; null with isOpen: a new tag. */
  tag: AdminTag | null;
  isOpen: boolean;
  onClose: () => void;
};

/** "Add new tag" and "Edit tag": display name, name (a slug, made from the display name when empty) and type. */
export function TagFormDialog({ tag, isOpen, onClose }: Props) {
  const { trans } = useTrans();
  const formId = useId();
  const save = useSaveTag();
  const form = useForm<SaveTagBody>({
    defaultValues: blank,
    resolver: useTranslatedResolver(zodResolver(SaveTagBodySchema) as unknown as Resolver<SaveTagBody>),
  });
  useEffect(() => {
    if (isOpen) form.reset(tag ? { name: tag.name, display_name: tag.display_name, type: tag.type } : blank);
  }, [isOpen, tag, form]);
  const close = () => {
    save.reset();
    onClose();
  };
  const displayName = form.watch('display_name');
  const submit = form.handleSubmit((body) =>
    save.mutate(
      { id: tag?.id ?? null, body },
      {
        onSuccess: ({ tag: saved }) => {
          toast.positive(
            tag
              ? trans('Saved :name', { name: saved.display_name })
              : trans('Added :name', { name: saved.display_name }),
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
      title={tag ? trans('Edit tag') : trans('Add new tag')}
      actions={
        <>
          <Button variant="text" onPress={close}>
            {trans('Cancel')}
          </Button>
          <Button type="submit" form={formId} isPending={save.isPending}>
            {tag ? trans('Save') : trans('Add tag')}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="flex flex-col gap-4">
        <Controller
          control={form.control}
          name="display_name"
          render={({ field, fieldState }) => (
            <TextField
              {...textFieldProps(field)}
              label={trans('Display name')}
              isRequired
              autoFocus
              autoComplete="off"
              errorMessage={fieldState.error?.message}
            />
          )}
        />
        <Controller
          control={form.control}
          name="name"
          render={({ field, fieldState }) => (
            <TextField
              {...textFieldProps(field)}
              value={field.value ?? ''}
              label={trans('Name')}
              autoComplete="off"
              description={trans('Unique, lower case. Empty: :slug', { slug: tagSlug(displayName ?? '') || '…' })}
              errorMessage={fieldState.error?.message}
            />
          )}
        />
        <Controller
          control={form.control}
          name="type"
          render={({ field, fieldState }) => (
            <Select
              label={trans('Type')}
              options={TAG_TYPES.map((type) => ({ id: type, label: trans(TYPE_LABELS[type]) }))}
              value={field.value}
              onChange={(value) => field.onChange(value ?? 'custom')}
              errorMessage={fieldState.error?.message}
            />
          )}
        />
      </form>
    </Dialog>
  );
}

export { TYPE_LABELS };
