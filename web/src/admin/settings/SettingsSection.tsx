import { type ReactNode, useId } from 'react';

type Props = { title: string; description?: ReactNode; children: ReactNode };

/** A card of related settings under a heading, as the user edit page groups its fields. */
export function SettingsSection({ title, description, children }: Props) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-5 rounded-kosh-lg border border-divider bg-bg p-4 md:p-6"
    >
      <div>
        <h2 id={headingId} className="text-base font-medium text-fg">
          {title}
        </h2>
        {description && <p className="mt-1 text-sm text-fg-muted">{description}</p>}
      </div>
      {children}
    </section>
  );
}
