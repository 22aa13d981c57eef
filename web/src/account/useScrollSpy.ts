import { useCallback, useEffect, useRef, useState } from 'react';

/** What the user does to scroll by hand: it ends a highlight chosen in the side list. */
const USER_SCROLL_EVENTS = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

/**
 * The id of the last section whose top has passed the upper third of the viewport (the one
 * being read), for the side list's highlight. `isReady` re-measures once the sections exist.
 * `choose(id)` highlights a section picked in the list until the user scrolls by hand: a short
 * panel near the end can never reach the upper third, so measuring alone would name another.
 */
export function useScrollSpy(
  ids: readonly string[],
  isReady = true,
): { active: string | undefined; choose: (id: string) => void } {
  const [active, setActive] = useState<string | undefined>(ids[0]);
  const chosen = useRef<string | null>(null);
  const key = ids.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: isReady only triggers a new measure once sections exist
  useEffect(() => {
    const update = () => {
      if (chosen.current) return;
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
    const release = (event: Event) => {
      // Keys inside a field do not scroll the page.
      if (event.type === 'keydown' && (event.target as HTMLElement).closest?.('input,textarea,select')) return;
      if (event.type === 'pointerdown' && (event.target as HTMLElement).closest?.('nav')) return;
      if (!chosen.current) return;
      chosen.current = null;
      update();
    };
    update();
    window.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    for (const type of USER_SCROLL_EVENTS) window.addEventListener(type, release, { passive: true });
    return () => {
      window.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
      for (const type of USER_SCROLL_EVENTS) window.removeEventListener(type, release);
    };
  }, [key, isReady]);
  const choose = useCallback((id: string) => {
    chosen.current = id;
    setActive(id);
  }, []);
  return { active, choose };
}
