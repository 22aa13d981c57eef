import { useEffect, useId } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { EnquiryReplyBodySchema, type AdminEnquiry, type EnquiryReplyBody } from '@kosh/contracts';
import { isApiError } from '../../api/api-error.ts';
import { applyServerErrors } from '../../api/form-errors.ts';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { textFieldProps } from '../../ui/form-field.ts';
import { TextArea } from '../../ui/TextArea.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { toast } from '../../ui/toast/toast-store.ts';
import { useTranslatedResolver } from '../../ui/zod-messages.ts';
import { useReplyToEnquiry } from './enquiries.api.ts';
import { replySubject } from './enquiry-format.ts';

const FIELDS = ['subject', 'message'] as const;

/**
 * "Reply": a subject (prefilled "Re: " and the first line) and a message, mailed to the sender.
 * When the mail fails (503) the dialog says so and keeps what was typed, to try again.
 */
export function ReplyDialog({
  enquiry,
  onClose,
  onSent,
}: {
  enquiry: AdminEnquiry | null;
  onClose: () => void;
  onSent: (enquiry: AdminEnquiry) => void;
}) {
  const { trans } = useTrans();
  const formId = useId();
  const reply = useReplyToEnquiry();
  const form = useForm<EnquiryReplyBody>({
    defaultValues: { subject: '', message: '' },
    resolver: useTranslatedResolver(zodResolver(EnquiryReplyBodySchema) as unknown as Resolver<EnquiryReplyBody>),
  });
  const { reset } = form;
  const resetMutation = reply.reset;
  // A new enquiry starts a new reply.
  useEffect(() => {
    if (enquiry) {
      reset({ subject: replySubject(enquiry.message), message: '' });
      resetMutation();
    }
  }, [enquiry, reset, resetMutation]);
  const submit = form.handleSubmit((body) => {
    if (!enquiry) return;
    reply.mutate(
      { id: enquiry.id, body },
      {
        onSuccess: (answered) => {
          toast.positive(trans('Reply sent to :email', { email: answered.email }));
          onSent(answered);
        },
        onError: (error) => applyServerErrors(error, form, FIELDS),
      },
    );
  });
  const failed = reply.error && isApiError(reply.error) && reply.error.status !== 422 ? reply.error : null;
  return (
    <Dialog
      isOpen={!!enquiry}
      onOpenChange={(open) => !open && onClose()}
      title={trans('Reply to :name', { name: enquiry?.name ?? '' })}
      actions={
        <>
          <Button variant="text" onPress={onClose}>
            {trans('Cancel')}
          </Button>
          <Button type="submit" form={formId} isPending={reply.isPending}>
            {trans('Send reply')}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="flex flex-col gap-4">
        {failed && (
          <p role="alert" className="rounded-kosh border border-danger px-3 py-2 text-sm text-fg">
            {failed.displayMessage ?? trans('The reply could not be sent. Try again.')}
          </p>
        )}
        <p className="text-sm text-fg-muted">
          {trans('To :email. Their message is quoted under your reply.', { email: enquiry?.email ?? '' })}
        </p>
        <Controller
          control={form.control}
          name="subject"
          render={({ field, fieldState }) => (
            <TextField
              {...textFieldProps(field)}
              label={trans('Subject')}
              isRequired
              errorMessage={fieldState.error?.message}
            />
          )}
        />
        <Controller
          control={form.control}
          name="message"
          render={({ field, fieldState }) => (
            <TextArea
              {...textFieldProps(field)}
              label={trans('Message')}
              isRequired
              rows={8}
              autoFocus
              errorMessage={fieldState.error?.message}
            />
          )}
        />
      </form>
    </Dialog>
  );
}
