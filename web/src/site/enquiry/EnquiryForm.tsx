import { useState, type FormEvent, type ReactNode } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2 } from 'lucide-react';
import { ENQUIRY_SENT_MESSAGE, SendEnquiryBodySchema, type SendEnquiryBody } from '@kosh/contracts';
import { isApiError } from '../../api/api-error.ts';
import { authApi } from '../../api/auth.api.ts';
import { useSendEnquiry, type EnquiryKind } from '../../api/enquiries.api.ts';
import { DEFAULT_ERROR_MESSAGE, showHttpErrorToast } from '../../api/error-handler.ts';
import { matchFieldErrors } from '../../api/form-errors.ts';
import { passHumanCheck, recaptchaProvider } from '../../auth/human-check.ts';
import { useSettings } from '../../shell/bootstrap-store.ts';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { Button } from '../../ui/Button.tsx';
import { TextArea } from '../../ui/TextArea.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { textFieldProps } from '../../ui/form-field.ts';
import { useTranslatedResolver } from '../../ui/zod-messages.ts';
import { submitEnquiry } from './enquiry-submit.ts';

const FIELDS = ['name', 'email', 'mobileNumber', 'message'] as const;
/** The human check's action name for every enquiry form (spec part 2, 5). */
const HUMAN_CHECK_ACTION = 'contact';

export type EnquiryFormProps = {
  kind: EnquiryKind;
  /** Visible lines of the message: 8 on pages, 5 in the modal, 4 on the landing form (part 2, 9). */
  rows: number;
  /** Text the message starts with (the calculator's quote). */
  initialMessage?: string;
  /** Runs the human check before the fields are checked (the landing reseller form, part 2, 5). */
  checkHumanFirst?: boolean;
  /** Called after a successful send; without it the form shows the success message itself. */
  onSent?: () => void;
  /** A button beside Send (the contact modal's Back). */
  secondaryAction?: ReactNode;
  autoFocus?: boolean;
};

/**
 * The enquiry form of spec part 2 (contact, reseller, calculator contact): name, email, mobile
 * number and message, all required; the human check 'contact' passes before sending; Send is
 * disabled while verifying or sending; a success resets the form.
 */
export function EnquiryForm({
  kind,
  rows,
  initialMessage = '',
  checkHumanFirst,
  onSent,
  secondaryAction,
  autoFocus,
}: EnquiryFormProps) {
  const { trans } = useTrans();
  const settings = useSettings();
  const [isVerifying, setVerifying] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [isSent, setSent] = useState(false);
  const form = useForm<SendEnquiryBody>({
    defaultValues: { name: '', email: '', mobileNumber: '', message: initialMessage },
    resolver: useTranslatedResolver(zodResolver(SendEnquiryBodySchema) as unknown as Resolver<SendEnquiryBody>),
  });
  const mutation = useSendEnquiry(kind);
  const isBusy = isVerifying || mutation.isPending;

  const passCheck = async (): Promise<boolean> => {
    setVerifying(true);
    const isHuman = await passHumanCheck(
      settings.recaptcha,
      HUMAN_CHECK_ACTION,
      recaptchaProvider,
      authApi.verifyHuman,
    ).finally(() => setVerifying(false));
    if (!isHuman) setFormError(trans('Could not verify you are human.'));
    return isHuman;
  };

  const handleError = (error: unknown) => {
    if (isApiError(error) && error.debug) {
      showHttpErrorToast(error);
      return;
    }
    const matched = isApiError(error) ? matchFieldErrors(error.errors, FIELDS) : [];
    for (const [name, message] of matched)
      form.setError(name as keyof SendEnquiryBody, { type: 'server', message: trans(message) });
    if (matched.length) form.setFocus(matched[0][0] as keyof SendEnquiryBody);
    // The human-check refusal, 429 and other answers without a field error show above Send.
    else setFormError((isApiError(error) && error.displayMessage) || trans(DEFAULT_ERROR_MESSAGE));
  };

  const send = (values: SendEnquiryBody) =>
    mutation.mutate(values, {
      onSuccess: () => {
        form.reset({ name: '', email: '', mobileNumber: '', message: '' });
        if (onSent) onSent();
        else setSent(true);
      },
      onError: handleError,
    });

  // Resolves with the parsed values, or null once the fields show their errors.
  const validate = () =>
    new Promise<SendEnquiryBody | null>((resolve) => {
      void form.handleSubmit(resolve, () => resolve(null))();
    });

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isBusy) return;
    setFormError(null);
    setSent(false);
    await submitEnquiry({ checkHuman: passCheck, validate, send }, checkHumanFirst);
  };

  return (
    <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-4" aria-busy={isBusy}>
      <Controller
        control={form.control}
        name="name"
        render={({ field, fieldState }) => (
          <TextField
            {...textFieldProps(field)}
            label={trans('Name')}
            autoComplete="name"
            isRequired
            autoFocus={autoFocus}
            errorMessage={fieldState.error?.message}
          />
        )}
      />
      <Controller
        control={form.control}
        name="email"
        render={({ field, fieldState }) => (
          <TextField
            {...textFieldProps(field)}
            type="email"
            label={trans('Email')}
            autoComplete="email"
            isRequired
            errorMessage={fieldState.error?.message}
          />
        )}
      />
      <Controller
        control={form.control}
        name="mobileNumber"
        render={({ field, fieldState }) => (
          <TextField
            {...textFieldProps(field)}
            type="tel"
            inputMode="numeric"
            pattern="[0-9]*"
            label={trans('Mobile number')}
            autoComplete="tel"
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
            rows={rows}
            isRequired
            errorMessage={fieldState.error?.message}
          />
        )}
      />
      {formError && (
        <p role="alert" className="rounded-kosh border border-danger px-3 py-2 text-sm text-danger">
          {formError}
        </p>
      )}
      {isSent && (
        <p role="status" className="rounded-kosh border border-positive px-3 py-2 text-sm text-positive">
          {trans(ENQUIRY_SENT_MESSAGE)}
        </p>
      )}
      <div className="flex flex-wrap items-center justify-end gap-2">
        {secondaryAction}
        <Button type="submit" size="lg" isPending={isBusy} isDisabled={isBusy} className="min-w-28">
          {isBusy && <Loader2 size={16} className="animate-spin" aria-hidden />}
          {trans('Send')}
        </Button>
      </div>
    </form>
  );
}
