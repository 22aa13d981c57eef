import { useId, useState } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { CheckboxGroup, Label } from 'react-aria-components';
import { CreateAdminUserBodySchema, type CreateAdminUserBody } from '@kosh/contracts';
import { applyServerErrors } from '../../api/form-errors.ts';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { Button } from '../../ui/Button.tsx';
import { Checkbox } from '../../ui/Checkbox.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { textFieldProps } from '../../ui/form-field.ts';
import { TextField } from '../../ui/TextField.tsx';
import { toast } from '../../ui/toast/toast-store.ts';
import { useTranslatedResolver } from '../../ui/zod-messages.ts';
import { isApiError } from '../../api/api-error.ts';
import { useCreateUser, useRoleOptions } from './admin-users.api.ts';
import { AvatarChooser } from './AvatarChooser.tsx';
import { adminAvatarCalls } from './edit/user-edit.api.ts';

const FIELDS = ['email', 'first_name', 'last_name', 'password', 'roles', 'email_verified'] as const;
const empty: CreateAdminUserBody = {
  email: '',
  first_name: '',
  last_name: '',
  password: '',
  roles: [],
  email_verified: true,
};

/**
 * 'Add new user': email and password, a name, a profile image, roles (none: the default role), and
 * whether the email is verified.
 */
export function CreateUserDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const { trans } = useTrans();
  const formId = useId();
  const roles = useRoleOptions();
  const create = useCreateUser();
  const [avatar, setAvatar] = useState<File | null>(null);
  const [sendingAvatar, setSendingAvatar] = useState(false);
  const form = useForm<CreateAdminUserBody>({
    defaultValues: empty,
    resolver: useTranslatedResolver(zodResolver(CreateAdminUserBodySchema) as unknown as Resolver<CreateAdminUserBody>),
  });
  const close = () => {
    form.reset(empty);
    create.reset();
    setAvatar(null);
    onClose();
  };
  /** The user exists by now: a refused image is said, and the user stays. */
  const sendAvatar = async (userId: number, file: File) => {
    setSendingAvatar(true);
    try {
      await adminAvatarCalls(userId).upload(file);
      return true;
    } catch (error) {
      const reason = (isApiError(error) && error.displayMessage) || 'There was an issue. Please try again.';
      toast.danger(trans('The user was added without the image: :reason', { reason: trans(reason) }));
      return false;
    } finally {
      setSendingAvatar(false);
    }
  };
  const submit = form.handleSubmit((values) =>
    create.mutate(values, {
      onSuccess: async ({ user }) => {
        if (avatar && !(await sendAvatar(user.id, avatar))) return close();
        toast.positive(trans('Added :email', { email: user.email }));
        close();
      },
      onError: (error) => applyServerErrors(error, form, FIELDS),
    }),
  );
  const text = (name: 'email' | 'first_name' | 'last_name' | 'password', label: string, extra = {}) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          {...textFieldProps(field)}
          value={field.value ?? ''}
          label={trans(label)}
          errorMessage={fieldState.error?.message}
          {...extra}
        />
      )}
    />
  );
  return (
    <Dialog
      isOpen={isOpen}
      onOpenChange={(open) => !open && close()}
      title={trans('Add new user')}
      actions={
        <>
          <Button variant="text" onPress={close}>
            {trans('Cancel')}
          </Button>
          <Button type="submit" form={formId} isPending={create.isPending || sendingAvatar}>
            {trans('Add user')}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="flex flex-col gap-4">
        {text('email', 'Email', { type: 'email', isRequired: true, autoComplete: 'off', autoFocus: true })}
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          {text('first_name', 'First name')}
          {text('last_name', 'Last name')}
        </div>
        <AvatarChooser file={avatar} onChange={setAvatar} />
        {text('password', 'Password', {
          type: 'password',
          revealable: true,
          isRequired: true,
          autoComplete: 'new-password',
        })}
        {!!roles.data?.length && (
          <Controller
            control={form.control}
            name="roles"
            render={({ field, fieldState }) => (
              <CheckboxGroup
                value={(field.value ?? []).map(String)}
                onChange={(values) => field.onChange(values.map(Number))}
                isInvalid={!!fieldState.error}
                className="flex flex-col gap-2"
              >
                <Label className="text-sm font-medium text-fg">{trans('Roles')}</Label>
                <div className="flex flex-wrap gap-x-5 gap-y-2">
                  {roles.data.map((role) => (
                    <Checkbox key={role.value} value={role.value}>
                      {role.label}
                    </Checkbox>
                  ))}
                </div>
                <span className="text-xs text-fg-muted">
                  {fieldState.error?.message ?? trans('None picked: the default role.')}
                </span>
              </CheckboxGroup>
            )}
          />
        )}
        <Controller
          control={form.control}
          name="email_verified"
          render={({ field }) => (
            <Checkbox isSelected={!!field.value} onChange={field.onChange}>
              {trans('The email address is verified')}
            </Checkbox>
          )}
        />
      </form>
    </Dialog>
  );
}
