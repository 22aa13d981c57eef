import clsx from 'clsx';
import type { User } from '@kosh/contracts';

function initials(user: Pick<User, 'name' | 'email'>): string {
  const source = user.name?.trim() || user.email;
  const parts = source.split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts.at(-1)?.[0] ?? '') : '')).toUpperCase() || '?';
}

/** A round avatar: the user's image, else their initials on the chip colour. */
export function Avatar({
  user,
  size = 32,
  className,
}: {
  user: Pick<User, 'name' | 'email' | 'image'>;
  size?: number;
  className?: string;
}) {
  const style = { width: size, height: size };
  if (user.image) {
    return (
      <img src={user.image} alt="" style={style} className={clsx('shrink-0 rounded-full object-cover', className)} />
    );
  }
  return (
    <span
      aria-hidden
      style={{ ...style, fontSize: Math.round(size * 0.4) }}
      className={clsx(
        'inline-flex shrink-0 items-center justify-center rounded-full bg-primary font-medium text-on-primary',
        className,
      )}
    >
      {initials(user)}
    </span>
  );
}
