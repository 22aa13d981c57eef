import { useRef, useState } from 'react';
import clsx from 'clsx';
import { ArrowLeft, RotateCcw } from 'lucide-react';
import { Link, useParams } from 'react-router';
import type { MailTemplate, SaveMailTemplateBody } from '@kosh/contracts';
import { isApiError } from '../../api/api-error.ts';
import { showHttpErrorToast } from '../../api/error-handler.ts';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { useIsMobile } from '../../shell/useMediaQuery.ts';
import { Button } from '../../ui/Button.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { TextArea } from '../../ui/TextArea.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { toast } from '../../ui/toast/toast-store.ts';
import { AdminPage } from '../AdminPage.tsx';
import { SaveBar } from '../roles/SaveBar.tsx';
import { useUnsavedChangesGuard } from '../roles/useUnsavedChangesGuard.tsx';
import { MailPreview } from './MailPreview.tsx';
import { TemplateStateChip } from './MailTemplatesPage.tsx';
import {
  useMailTemplate,
  useMailTemplatePreview,
  useRestoreMailTemplate,
  useSaveMailTemplate,
} from './mail-templates.api.ts';
import { RestoreDefaultDialog } from './RestoreDefaultDialog.tsx';
import { VariablesPanel } from './VariablesPanel.tsx';

type Field = keyof SaveMailTemplateBody;
type Errors = Partial<Record<Field, string[]>>;
type Editable = HTMLInputElement | HTMLTextAreaElement;

const fieldsOf = (t: MailTemplate): SaveMailTemplateBody => ({ subject: t.subject, html: t.html, text: t.text });
const same = (a: SaveMailTemplateBody, b: SaveMailTemplateBody) =>
  a.subject === b.subject && a.html === b.html && a.text === b.text;
const errorsOf = (error: unknown): Errors | null => (isApiError(error) && error.status === 422 ? error.errors : null);

/** The editor of one template: fields, variables to insert, the live preview, save and restore. */
function MailTemplateEditor({ template }: { template: MailTemplate }) {
  const { trans } = useTrans();
  const isMobile = useIsMobile();
  const [base, setBase] = useState(() => fieldsOf(template));
  const [draft, setDraft] = useState(base);
  const [saveErrors, setSaveErrors] = useState<Errors>({});
  const [confirmRestore, setConfirmRestore] = useState(false);
  const [customized, setCustomized] = useState(template.customized);
  const save = useSaveMailTemplate(template.id);
  const restore = useRestoreMailTemplate(template.id);
  const preview = useMailTemplatePreview(template.id, draft);
  const isDirty = !same(draft, base);
  const guard = useUnsavedChangesGuard(isDirty, {
    title: 'Discard unsaved changes?',
    body: 'The changes you made to this mail are lost if you leave this page.',
    stay: 'Cancel',
    leave: 'Discard',
  });

  // The field the cursor was last in, and where: a variable is inserted there.
  const subjectRef = useRef<HTMLInputElement>(null);
  const htmlRef = useRef<HTMLTextAreaElement>(null);
  const textRef = useRef<HTMLTextAreaElement>(null);
  const lastField = useRef<Field>('html');
  const insert = (tag: string) => {
    const field = lastField.current;
    const el: Editable | null = { subject: subjectRef, html: htmlRef, text: textRef }[field].current;
    const value = draft[field];
    const start = el?.selectionStart ?? value.length;
    const end = el?.selectionEnd ?? value.length;
    change(field, value.slice(0, start) + tag + value.slice(end));
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(start + tag.length, start + tag.length);
    });
  };
  const change = (field: Field, value: string) => {
    setDraft((d) => ({ ...d, [field]: value }));
    setSaveErrors((e) => ({ ...e, [field]: undefined }));
  };

  // What the server said of the draft: the last save's 422, else the live preview's.
  const previewErrors = errorsOf(preview.error) ?? {};
  const errorOf = (field: Field) => (saveErrors[field] ?? previewErrors[field])?.[0];
  const fieldProps = (field: Field) => ({
    value: draft[field],
    onChange: (value: string) => change(field, value),
    onFocus: () => {
      lastField.current = field;
    },
    errorMessage: errorOf(field),
  });

  const onSave = () =>
    save.mutate(draft, {
      onSuccess: ({ template: saved }) => {
        setBase(fieldsOf(saved));
        setDraft(fieldsOf(saved));
        setCustomized(saved.customized);
        toast.positive(trans('Saved :name', { name: trans(template.name) }));
      },
      onError: (error) => {
        const errors = errorsOf(error);
        if (errors) setSaveErrors(errors);
        else showHttpErrorToast(error);
      },
    });
  const onRestore = () =>
    restore.mutate(undefined, {
      onSuccess: ({ template: restored }) => {
        setBase(fieldsOf(restored));
        setDraft(fieldsOf(restored));
        setSaveErrors({});
        setCustomized(false);
        setConfirmRestore(false);
        toast.positive(trans('Restored the default of :name', { name: trans(template.name) }));
      },
    });

  return (
    <>
      <div className="flex flex-wrap items-center gap-2">
        <TemplateStateChip customized={customized} />
        <span className="flex-1" />
        <Button
          variant="secondary"
          startIcon={<RotateCcw aria-hidden size={16} />}
          onPress={() => setConfirmRestore(true)}
          isDisabled={!customized && !isDirty}
        >
          {trans('Restore default')}
        </Button>
      </div>
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_300px]">
        <form
          noValidate
          aria-label={trans('Mail template')}
          className="flex min-w-0 flex-col gap-4 [&_textarea]:font-mono [&_textarea]:text-xs"
          onSubmit={(event) => {
            event.preventDefault();
            onSave();
          }}
        >
          <TextField ref={subjectRef} label={trans('Subject')} isRequired {...fieldProps('subject')} />
          <TextArea
            ref={htmlRef}
            label={trans('HTML body')}
            rows={9}
            {...fieldProps('html')}
            description={trans(
              'Shown inside the mail frame with the site name under it. ' +
                'Scripts and event handlers are removed on save; inline styles stay.',
            )}
          />
          <TextArea
            ref={textRef}
            label={trans('Plain-text body')}
            rows={7}
            {...fieldProps('text')}
            description={trans('For mail apps that show no HTML.')}
          />
        </form>
        <div className="lg:sticky lg:top-4 lg:self-start">
          <VariablesPanel variables={template.variables} onInsert={insert} />
        </div>
      </div>
      <MailPreview preview={preview.data} isFetching={preview.isFetching} />
      <SaveBar
        isVisible={isDirty || save.isPending}
        isSaving={save.isPending}
        onSave={onSave}
        onDiscard={() => {
          setDraft(base);
          setSaveErrors({});
        }}
        message={trans(isMobile ? 'Unsaved changes' : 'You have unsaved changes')}
        saveLabel={trans('Save')}
      />
      <RestoreDefaultDialog
        name={trans(template.name)}
        isOpen={confirmRestore}
        isPending={restore.isPending}
        onClose={() => setConfirmRestore(false)}
        onConfirm={onRestore}
      />
      {guard.dialog}
    </>
  );
}

/** One mail template (admin area, /admin/mail-template/:id). */
export function MailTemplateEditPage() {
  const { trans } = useTrans();
  const { id = '' } = useParams();
  const template = useMailTemplate(id);
  return (
    <AdminPage
      title={template.data ? trans(template.data.name) : trans('Mail template')}
      description={template.data ? trans(template.data.description) : undefined}
      actions={
        <Link
          to="/admin/mail-template"
          className={clsx(
            'inline-flex items-center gap-1 text-sm text-primary hover:underline',
            'focus-visible:outline-2 focus-visible:outline-primary',
          )}
        >
          <ArrowLeft aria-hidden size={16} />
          {trans('All mail templates')}
        </Link>
      }
    >
      {template.data ? (
        <MailTemplateEditor key={template.data.id} template={template.data} />
      ) : (
        <div className="flex justify-center py-16">
          {template.isError ? (
            <Button onPress={() => void template.refetch()}>{trans('Try again')}</Button>
          ) : (
            <Spinner />
          )}
        </div>
      )}
    </AdminPage>
  );
}

export { MailTemplateEditPage as Component };
