import { useState } from 'react';

/**
 * Whether `isOpen` has ever been true: a lazily loaded dialog mounts from its first opening on
 * (and stays mounted, so that closing runs its own exit), never before.
 */
export function useHasOpened(isOpen: boolean): boolean {
  const [hasOpened, setHasOpened] = useState(isOpen);
  if (isOpen && !hasOpened) setHasOpened(true);
  return hasOpened || isOpen;
}
