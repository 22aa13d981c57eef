import type { ReactNode } from 'react';

type Props = { name: string; error?: string; className?: string; children: ReactNode };

/** Marks a setting's field in the page, so a save's first error can be found and focused. */
export function SettingField({ name, error, className, children }: Props) {
  return (
    <div data-setting={name} data-setting-invalid={error ? '' : undefined} className={className}>
      {children}
    </div>
  );
}
