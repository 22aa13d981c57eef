import { useId, useState } from 'react';
import clsx from 'clsx';
import { ImageOff } from 'lucide-react';
import { FileTrigger } from 'react-aria-components';
import { useTrans } from '../../../shell/i18n/useTrans.tsx';
import { Button } from '../../../ui/Button.tsx';
import { uploadAppearanceImage } from '../appearance.api.ts';

type Props = {
  label: string;
  value: string;
  onChange: (url: string) => void;
  description?: string;
  errorMessage?: string;
};

/** An image setting: uploaded at once (the setting holds its address), with a thumbnail and Remove. */
export function ImageField({ label, value, onChange, description, errorMessage }: Props) {
  const { trans } = useTrans();
  const id = useId();
  const [uploading, setUploading] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const choose = async (files: FileList | null) => {
    const file = files?.[0];
    if (!file) return;
    if (!file.type.startsWith('image/')) return setFailure(trans('Please select an image.'));
    setFailure(null);
    setUploading(true);
    try {
      onChange(await uploadAppearanceImage(file));
    } catch {
      // The general error handler has said why.
    } finally {
      setUploading(false);
    }
  };
  const error = failure ?? errorMessage;
  return (
    <fieldset aria-labelledby={`${id}-label`} className="m-0 flex min-w-0 flex-col gap-1 border-0 p-0">
      <legend id={`${id}-label`} className="mb-1 p-0 text-sm font-medium text-fg">
        {trans(label)}
      </legend>
      <div className="flex items-center gap-3">
        <span
          className={clsx(
            'grid h-14 w-24 shrink-0 place-items-center overflow-hidden rounded-kosh',
            'border border-divider bg-bg-alt',
          )}
        >
          {value ? (
            <img src={value} alt={trans('Current image')} className="max-h-full max-w-full object-contain" />
          ) : (
            <ImageOff size={20} className="text-fg-muted" aria-label={trans('No image')} />
          )}
        </span>
        <div className="flex flex-wrap gap-1">
          <FileTrigger acceptedFileTypes={['image/*']} onSelect={(files) => void choose(files)}>
            <Button variant="secondary" size="sm" isPending={uploading}>
              {value ? trans('Replace') : trans('Upload')}
            </Button>
          </FileTrigger>
          {value && (
            <Button variant="danger-text" size="sm" onPress={() => onChange('')}>
              {trans('Remove')}
            </Button>
          )}
        </div>
      </div>
      {error ? (
        <span role="alert" className="text-xs text-danger">
          {error}
        </span>
      ) : (
        description && <span className="text-xs text-fg-muted">{trans(description)}</span>
      )}
    </fieldset>
  );
}
