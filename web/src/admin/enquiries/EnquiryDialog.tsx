import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Archive, Inbox, Reply } from 'lucide-react';
import type { AdminEnquiry, EnquiryStatus } from '@kosh/contracts';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { toast } from '../../ui/toast/toast-store.ts';
import { useFormatMoment } from '../useAdminFormat.ts';
import { useSetEnquiryStatus } from './enquiries.api.ts';
import { KIND_LABELS, StatusBadge } from './EnquiryBadges.tsx';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-fg-muted">{label}</dt>
      <dd className="truncate text-sm text-fg">{children}</dd>
    </div>
  );
}

/**
 * One enquiry in full: who sent it, how to reach them, when, its state, and the whole message.
 * Staff archive it, put it back to new, or reply (which mails the sender).
 */
export function EnquiryDialog({
  enquiry,
  onClose,
  onChanged,
  onReply,
}: {
  enquiry: AdminEnquiry | null;
  onClose: () => void;
  onChanged: (enquiry: AdminEnquiry) => void;
  onReply: (enquiry: AdminEnquiry) => void;
}) {
  const { trans } = useTrans();
  const formatMoment = useFormatMoment();
  const setStatus = useSetEnquiryStatus();
  const change = (status: EnquiryStatus, done: string) => {
    if (!enquiry) return;
    setStatus.mutate(
      { id: enquiry.id, status },
      {
        onSuccess: (changed) => {
          toast.positive(trans(done));
          onChanged(changed);
        },
      },
    );
  };
  const statusAction =
    enquiry?.status === 'archived' ? (
      <Button
        variant="secondary"
        isPending={setStatus.isPending}
        startIcon={<Inbox size={18} aria-hidden />}
        onPress={() => change('new', 'Marked as new')}
      >
        {trans('Mark as new')}
      </Button>
    ) : (
      <Button
        variant="secondary"
        isPending={setStatus.isPending}
        startIcon={<Archive size={18} aria-hidden />}
        onPress={() => change('archived', 'Enquiry archived')}
      >
        {trans('Archive')}
      </Button>
    );
  return (
    <Dialog
      isOpen={!!enquiry}
      onOpenChange={(open) => !open && onClose()}
      size="lg"
      title={
        enquiry ? trans(':kind enquiry from :name', { kind: trans(KIND_LABELS[enquiry.kind]), name: enquiry.name }) : ''
      }
      actions={
        enquiry && (
          <>
            {statusAction}
            <Button startIcon={<Reply size={18} aria-hidden />} onPress={() => onReply(enquiry)}>
              {trans('Reply')}
            </Button>
          </>
        )
      }
    >
      {enquiry && (
        <div className="flex flex-col gap-5">
          <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
            <Fact label={trans('Email')}>
              <a href={`mailto:${enquiry.email}`} className="text-primary hover:underline">
                {enquiry.email}
              </a>
            </Fact>
            <Fact label={trans('Phone')}>
              {enquiry.mobile_number ? (
                <a href={`tel:${enquiry.mobile_number}`} className="text-primary hover:underline">
                  {enquiry.mobile_number}
                </a>
              ) : (
                '—'
              )}
            </Fact>
            <Fact label={trans('Received')}>{formatMoment(enquiry.created_at, true)}</Fact>
            <Fact label={trans('Status')}>
              <StatusBadge status={enquiry.status} />
            </Fact>
            <Fact label={trans('Replied')}>
              {enquiry.replied_at ? formatMoment(enquiry.replied_at, true) : trans('Not yet')}
            </Fact>
            <Fact label={trans('Account')}>
              {enquiry.user_id ? (
                <Link to={`/admin/users/${enquiry.user_id}/details`} className="text-primary hover:underline">
                  {trans('User #:id', { id: String(enquiry.user_id) })}
                </Link>
              ) : (
                trans('Not signed in')
              )}
            </Fact>
          </dl>
          {!enquiry.mailed_at && (
            <p className="rounded-kosh border border-danger px-3 py-2 text-sm text-fg">
              {trans('This enquiry never reached the contact address: the mail failed. It is kept only here.')}
            </p>
          )}
          <section aria-label={trans('Message')} className="rounded-kosh border border-divider bg-bg-alt px-4 py-3">
            <p className="text-sm whitespace-pre-wrap text-fg [overflow-wrap:anywhere]">{enquiry.message}</p>
          </section>
        </div>
      )}
    </Dialog>
  );
}
