import { useEffect, useState } from 'react';

/**
 * The id of the last section whose top has passed the upper third of the viewport (the one
 * being read), for the side list's highlight. `isReady` re-measures once the sections exist.
 */
export function useScrollSpy(ids: readonly string[], isReady = true): string | undefined {
  const [active, setActive] = useState<string | undefined>(ids[0]);
  const key = ids.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: isReady only triggers a new measure once sections exist
  useEffect(() => {
    const update = () => {
      // In page order, which may differ from the list's.
      const sections = key
        .split(',')
        .map((id) => document.getElementById(id))
        .filter((el): el is HTMLElement => !!el)
        .sort((a, b) => a.getBoundingClientRect().top - b.getBoundingClientRect().top);
      const atBottom = window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2;
      const line = window.innerHeight / 3;
      const current = atBottom
        ? sections.at(-1)
        : [...sections].reverse().find((el) => el.getBoundingClientRect().top <= line);
      if (sections.length) setActive(current?.id ?? sections[0].id);
    };
    update();
    window.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    return () => {
      window.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
    };
  }, [key, isReady]);
  return active;
}
