import clsx from 'clsx';
import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { useTrans } from '../../../shell/i18n/useTrans.tsx';
import { focusRing } from '../../../ui/button-styles.ts';

export type SectionLink = { to: string; label: string; description?: string };

/** A list of the editor's screens, one 48 px row each with a chevron. */
export function SectionLinks({ title, links }: { title: string; links: readonly SectionLink[] }) {
  const { trans } = useTrans();
  return (
    <nav aria-label={trans(title)}>
      <h2 className="mb-2 px-1 text-sm font-medium text-fg-muted">{trans(title)}</h2>
      <ul className="flex flex-col">
        {links.map((link) => (
          <li key={link.to}>
            <Link
              to={link.to}
              className={clsx(
                'flex min-h-12 items-center gap-3 rounded-kosh px-3 py-2 text-sm text-fg hover:bg-bg-alt',
                focusRing,
              )}
            >
              <span className="flex min-w-0 flex-1 flex-col">
                <span className="font-medium">{trans(link.label)}</span>
                {link.description && <span className="text-xs text-fg-muted">{trans(link.description)}</span>}
              </span>
              <ChevronRight size={18} className="shrink-0 text-fg-muted" aria-hidden />
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The heading of a section screen. */
export function SectionTitle({ children }: { children: string }) {
  const { trans } = useTrans();
  return <h2 className="mb-4 text-xl font-medium text-fg">{trans(children)}</h2>;
}
