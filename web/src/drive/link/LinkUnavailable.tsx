import { Link2Off, TimerOff } from 'lucide-react';
import { useTrans } from '../../shell/i18n/useTrans.tsx';

const COPY = {
  missing: {
    icon: Link2Off,
    heading: 'This link does not exist',
    help: 'The address may be mistyped, or its owner turned it off or removed it.',
  },
  expired: {
    icon: TimerOff,
    heading: 'This link has expired',
    help: 'Ask the person who shared it with you for a new link.',
  },
};

/** Why a link cannot be opened: it never existed or was removed (404), or it is past its date (410). */
export function LinkUnavailable({ reason }: { reason: keyof typeof COPY }) {
  const { trans } = useTrans();
  const { icon: Icon, heading, help } = COPY[reason];
  return (
    <div
      data-testid={`link-${reason}`}
      className="flex flex-1 flex-col items-center justify-center gap-2 px-6 py-16 text-center"
    >
      <Icon size={64} strokeWidth={1.25} className="mb-2 text-fg-muted" aria-hidden />
      <h1 className="text-xl font-medium text-fg">{trans(heading)}</h1>
      <p className="max-w-[420px] text-sm text-fg-muted">{trans(help)}</p>
    </div>
  );
}
