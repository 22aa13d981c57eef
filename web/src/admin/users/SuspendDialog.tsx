import { useId } from 'react';
import clsx from 'clsx';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { type AdminUserRow, SUSPENSION_REASON_MAX } from '@kosh/contracts';
import { applyServerErrors } from '../../api/form-errors.ts';
import { LinkSwitch } from '../../drive/share/LinkSwitch.tsx';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { textFieldProps } from '../../ui/form-field.ts';
import { TextArea } from '../../ui/TextArea.tsx';
import { inputClasses } from '../../ui/TextField.tsx';
import { toast } from '../../ui/toast/toast-store.ts';
import { useTranslatedResolver } from '../../ui/zod-messages.ts';
import { useSuspendUser } from './admin-users.api.ts';
import { EMPTY_SUSPEND_FORM, firstEndDay, suspendBody, SuspendFormSchema, type SuspendForm } from './suspend-form.ts';

type Props = { user: AdminUserRow | null; onClose: () => void };

/** Suspend: for good (the default) or until a day, with a reason only staff read (BeDrive's ban dialog). */
export function SuspendDialog({ user, onClose }: Props) {
  const { trans } = useTrans();
  const formId = useId();
  const untilId = useId();
  const suspend = useSuspendUser();
  const form = useForm<SuspendForm>({
    defaultValues: EMPTY_SUSPEND_FORM,
    resolver: useTranslatedResolver(zodResolver(SuspendFormSchema) as unknown as Resolver<SuspendForm>),
  });
  const permanent = form.watch('permanent');
  const close = () => {
    form.reset(EMPTY_SUSPEND_FORM);
    onClose();
  };
  const submit = form.handleSubmit((values) => {
    if (!user) return;
    suspend.mutate(
      { id: user.id, body: suspendBody(values) },
      {
        onSuccess: () => {
          toast.positive(trans('Suspended :email', { email: user.email }));
          close();
        },
        onError: (error) => applyServerErrors(error, form, ['until', 'reason']),
      },
    );
  });
  return (
    <Dialog
      isOpen={!!user}
      onOpenChange={(open) => !open && close()}
      title={trans('Suspend :name', { name: user?.name ?? '' })}
      actions={
        <>
          <Button variant="text" onPress={close}>
            {trans('Cancel')}
          </Button>
          <Button type="submit" form={formId} variant="danger" isPending={suspend.isPending}>
            {trans('Suspend')}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="flex flex-col gap-4">
        <p className="text-sm text-fg-muted">
          {trans(
            'They are signed out at once and cannot sign in; their shared links stop opening. Nothing is deleted.',
          )}
        </p>
        <Controller
          control={form.control}
          name="permanent"
          render={({ field }) => (
            <LinkSwitch isSelected={field.value} onChange={field.onChange}>
              {trans('Permanent')}
            </LinkSwitch>
          )}
        />
        <Controller
          control={form.control}
          name="until"
          render={({ field, fieldState }) => (
            <div className="flex flex-col gap-1">
              <label htmlFor={untilId} className={clsx('text-sm font-medium', permanent ? 'text-fg-muted' : 'text-fg')}>
                {trans('Suspend until')}
              </label>
              <input
                id={untilId}
                ref={field.ref}
                type="date"
                name={field.name}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                min={firstEndDay(new Date())}
                disabled={permanent}
                aria-invalid={!!fieldState.error || undefined}
                aria-describedby={fieldState.error ? `${untilId}-error` : undefined}
                className={clsx(
                  inputClasses,
                  'max-w-[240px] focus:border-primary focus:ring-1 focus:ring-primary disabled:opacity-50',
                  fieldState.error && 'border-danger',
                )}
              />
              {fieldState.error && (
                <p id={`${untilId}-error`} className="text-xs text-danger">
                  {fieldState.error.message}
                </p>
              )}
            </div>
          )}
        />
        <Controller
          control={form.control}
          name="reason"
          render={({ field, fieldState }) => (
            <TextArea
              {...textFieldProps(field)}
              label={trans('Reason')}
              rows={3}
              maxLength={SUSPENSION_REASON_MAX}
              description={trans('Only staff see it. :count characters left.', {
                count: SUSPENSION_REASON_MAX - (field.value?.length ?? 0),
              })}
              errorMessage={fieldState.error?.message}
            />
          )}
        />
      </form>
    </Dialog>
  );
}
