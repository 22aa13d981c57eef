import { useMutation } from '@tanstack/react-query';
import { Upload } from 'lucide-react';
import { FileTrigger } from 'react-aria-components';
import { AVATAR_MAX_BYTES, type User } from '@kosh/contracts';
import { accountApi, storeUser } from '../api/account.api.ts';
import { isApiError } from '../api/api-error.ts';
import { showHttpErrorToast } from '../api/error-handler.ts';
import { Avatar } from '../shell/layout/Avatar.tsx';
import { useTrans } from '../shell/i18n/useTrans.tsx';
import { Button } from '../ui/Button.tsx';
import { toast } from '../ui/toast/toast-store.ts';

/** Images only, at most 2 MB (part 1, 5). */
export function isAcceptableAvatar(file: Pick<File, 'type' | 'size'>): boolean {
  return file.type.startsWith('image/') && file.size <= AVATAR_MAX_BYTES;
}

type AvatarCalls = {
  /** Sends the image; resolves once the new image is stored wherever the page reads the user from. */
  upload: (file: File) => Promise<unknown>;
  remove: () => Promise<unknown>;
};

/** The account's own image: the account calls, the stored user updated from their answer. */
export function accountAvatarCalls(userId: number): AvatarCalls {
  return {
    upload: (file) => accountApi.uploadAvatar(userId, { file }).then(({ user }) => storeUser(user)),
    remove: () => accountApi.removeAvatar(userId).then(({ user }) => storeUser(user)),
  };
}

/**
 * Profile image: upload (sent at once) and remove, with the toasts of part 1, 8. The account page
 * and the admin area's user page each pass their own calls.
 */
export function AvatarField({ user, calls }: { user: Pick<User, 'name' | 'email' | 'image'>; calls: AvatarCalls }) {
  const { trans } = useTrans();
  const upload = useMutation({
    mutationFn: (file: File) => calls.upload(file),
    meta: { handledStatuses: 'all' },
    onSuccess: () => toast.positive(trans('Uploaded avatar')),
    onError: (error) => {
      // The 'file' field error is an error toast; anything else goes to the general handler.
      const fileError = isApiError(error) ? error.errors.file?.[0] : undefined;
      if (fileError) toast.danger(trans(fileError));
      else showHttpErrorToast(error);
    },
  });
  const remove = useMutation({
    mutationFn: () => calls.remove(),
    onSuccess: () => toast.positive(trans('Removed avatar')),
  });

  const handleSelect = (files: FileList | null) => {
    const file = files?.[0];
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      toast.danger(trans('Please select an image.'));
      return;
    }
    if (!isAcceptableAvatar(file)) {
      toast.danger(trans('The image may not be greater than 2 MB.'));
      return;
    }
    upload.mutate(file);
  };

  return (
    <div className="flex items-center gap-5">
      <Avatar user={user} size={80} />
      <div className="flex flex-col gap-2">
        <span className="text-sm font-medium text-fg">{trans('Profile image')}</span>
        <span id="avatar-hint" className="text-xs text-fg-muted">
          {trans('An image file of at most 2 MB.')}
        </span>
        <div className="flex flex-wrap items-center gap-2">
          <FileTrigger acceptedFileTypes={['image/*']} onSelect={handleSelect}>
            <Button
              variant="secondary"
              size="sm"
              startIcon={<Upload size={16} aria-hidden />}
              isPending={upload.isPending}
              isDisabled={upload.isPending}
              aria-describedby="avatar-hint"
            >
              {trans('Upload image')}
            </Button>
          </FileTrigger>
          {user.image && (
            <Button variant="danger-text" size="sm" onPress={() => remove.mutate()} isDisabled={remove.isPending}>
              {trans('Remove image')}
            </Button>
          )}
        </div>
      </div>
    </div>
  );
}
