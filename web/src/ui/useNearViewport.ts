import { useEffect, useRef, useState } from 'react';

/**
 * The nearest ancestor that scrolls, or null for the page itself. Inside a scrolling box (the
 * admin area's <main>), the box clips what the viewport sees: the margin has to extend the box.
 */
function scrollingAncestor(element: Element): Element | null {
  for (let parent = element.parentElement; parent; parent = parent.parentElement) {
    if (/(auto|scroll)/.test(getComputedStyle(parent).overflowY)) return parent;
  }
  return null;
}

/**
 * Whether an element has come within `margin` of the viewport (or of the box it scrolls in), once:
 * content far down a page (a form and its validation code, charts) loads as the reader approaches
 * it, not with the first paint.
 */
export function useNearViewport<T extends Element>(margin = '600px') {
  const ref = useRef<T>(null);
  const [isNear, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (isNear || !element) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { root: scrollingAncestor(element), rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [isNear, margin]);
  return [ref, isNear] as const;
}
