import { useEffect, useState } from 'react';
import { ImagePlus } from 'lucide-react';
import { FileTrigger } from 'react-aria-components';
import { isAcceptableAvatar } from '../../account/AvatarField.tsx';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { Button } from '../../ui/Button.tsx';

/**
 * A profile image picked before the user exists ('Add new user'): previewed here, sent once the
 * user is created. Checked as the account page checks it: an image, at most 2 MB.
 */
export function AvatarChooser({ file, onChange }: { file: File | null; onChange: (file: File | null) => void }) {
  const { trans } = useTrans();
  const [error, setError] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!file) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);
  const choose = (files: FileList | null) => {
    const picked = files?.[0];
    if (!picked) return;
    if (!picked.type.startsWith('image/')) return setError(trans('Please select an image.'));
    if (!isAcceptableAvatar(picked)) return setError(trans('The image may not be greater than 2 MB.'));
    setError(null);
    onChange(picked);
  };
  return (
    <div className="flex items-center gap-4">
      {preview ? (
        <img src={preview} alt={trans('Chosen profile image')} className="size-14 shrink-0 rounded-full object-cover" />
      ) : (
        <span aria-hidden className="grid size-14 shrink-0 place-items-center rounded-full bg-bg-chip text-fg-muted">
          <ImagePlus size={22} />
        </span>
      )}
      <div className="flex min-w-0 flex-col gap-1.5">
        <span className="text-sm font-medium text-fg">{trans('Profile image')}</span>
        <div className="flex flex-wrap items-center gap-2">
          <FileTrigger acceptedFileTypes={['image/*']} onSelect={choose}>
            <Button variant="secondary" size="sm">
              {file ? trans('Choose another image') : trans('Choose image')}
            </Button>
          </FileTrigger>
          {file && (
            <Button variant="danger-text" size="sm" onPress={() => onChange(null)}>
              {trans('Remove image')}
            </Button>
          )}
        </div>
        <span role={error ? 'alert' : undefined} className={error ? 'text-xs text-danger' : 'text-xs text-fg-muted'}>
          {error ?? trans('Optional. An image file of at most 2 MB.')}
        </span>
      </div>
    </div>
  );
}
