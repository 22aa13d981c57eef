import { Link } from 'react-router';
import { buttonClasses } from '../../ui/button-styles.ts';
import { useDocumentTitle } from '../useDocumentTitle.ts';
import { useTrans } from '../i18n/useTrans.tsx';
import { PublicLayout } from '../layout/PublicLayout.tsx';

/** The illustration: an open door onto nothing, drawn with theme colours. */
function DoorwayIllustration() {
  return (
    <svg viewBox="0 0 200 160" className="h-auto w-48 sm:w-56" aria-hidden>
      <ellipse cx="100" cy="146" rx="80" ry="8" className="fill-bg-alt" />
      <rect x="62" y="20" width="76" height="126" rx="4" className="fill-bg-alt stroke-divider" strokeWidth="2" />
      <rect x="70" y="28" width="60" height="118" className="fill-bg-chip" />
      <path d="M70 28 L112 38 L112 146 L70 146 Z" className="fill-bg stroke-divider" strokeWidth="2" />
      <circle cx="104" cy="94" r="3" className="fill-fg-muted" />
      <circle cx="118" cy="60" r="2" className="fill-primary" />
      <circle cx="124" cy="84" r="1.5" className="fill-primary" />
      <circle cx="120" cy="110" r="2.5" className="fill-primary" opacity="0.6" />
    </svg>
  );
}

/** The 404 page of part 1, 2.5. */
export function NotFoundContent() {
  const { trans } = useTrans();
  useDocumentTitle(trans('Page not found'));
  return (
    <div className="flex flex-1 flex-col items-center justify-center px-6 py-16 text-center">
      <DoorwayIllustration />
      <h1 className="mt-8 max-w-[560px] text-2xl font-medium text-fg sm:text-[28px] sm:leading-9">
        {trans("Looks like you've found the doorway to the great nothing")}
      </h1>
      <p className="mt-3 max-w-[480px] text-base text-fg-muted">
        {trans('Sorry about that! Please visit our homepage to get where you need to go.')}
      </p>
      <Link to="/" className={buttonClasses('primary', 'lg', 'mt-8')}>
        {trans('Take me there!')}
      </Link>
    </div>
  );
}

export function NotFoundPage() {
  return (
    <PublicLayout>
      <NotFoundContent />
    </PublicLayout>
  );
}
