import { useEffect, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminTag } from '@kosh/contracts';
import { call } from '../../api/call.ts';
import { isApiError } from '../../api/api-error.ts';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { Select } from '../../ui/Select.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { toast } from '../../ui/toast/toast-store.ts';
import { adminTagKeys, tagsEndpoints, useMergeTag } from './tags.api.ts';

const TARGETS = 50;

type Props = { tag: AdminTag | null; onClose: () => void };

/** "Merge into…": the tag's entries get the picked tag, then this tag is deleted. */
export function MergeTagDialog({ tag, onClose }: Props) {
  const { trans } = useTrans();
  const [text, setText] = useState('');
  const [into, setInto] = useState<number | null>(null);
  const merge = useMergeTag();
  useEffect(() => {
    if (tag) {
      setText('');
      setInto(null);
    }
  }, [tag]);
  const targets = useQuery({
    queryKey: adminTagKeys.targets(text),
    queryFn: ({ signal }) =>
      call(tagsEndpoints.listAdminTags, { query: { query: text || undefined, perPage: TARGETS }, signal }),
    enabled: !!tag,
    placeholderData: keepPreviousData,
  });
  const options = (targets.data?.pagination.data ?? [])
    .filter((t) => t.id !== tag?.id)
    .map((t) => ({ id: t.id, label: `${t.display_name} (${t.name})` }));
  const close = () => {
    merge.reset();
    onClose();
  };
  const submit = () => {
    if (!tag || into === null) return;
    merge.mutate(
      { id: tag.id, into },
      {
        onSuccess: ({ tag: target }) => {
          toast.positive(trans('Merged :from into :into', { from: tag.display_name, into: target.display_name }));
          close();
        },
      },
    );
  };
  const error = isApiError(merge.error) ? merge.error.errors.into?.[0] : undefined;
  return (
    <Dialog
      isOpen={!!tag}
      onOpenChange={(open) => !open && close()}
      title={trans('Merge :name into…', { name: tag?.display_name ?? '' })}
      actions={
        <>
          <Button variant="text" onPress={close}>
            {trans('Cancel')}
          </Button>
          <Button onPress={submit} isDisabled={into === null} isPending={merge.isPending}>
            {trans('Merge')}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-4">
        <p className="text-sm text-fg-muted">
          {trans('Its entries get the tag you pick, then :name is deleted. This cannot be undone.', {
            name: tag?.display_name ?? '',
          })}
        </p>
        <TextField label={trans('Search tags')} value={text} onChange={setText} autoComplete="off" autoFocus />
        <Select
          label={trans('Merge into')}
          placeholder={trans('Pick a tag')}
          options={options}
          value={into}
          onChange={(value) => setInto(value === null ? null : Number(value))}
          errorMessage={error}
          isRequired
        />
      </div>
    </Dialog>
  );
}
