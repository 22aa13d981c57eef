import type { LandingSettings } from '@kosh/contracts';

/** A copy of `root` with the value at a dotted path (`hero.cta.label`, `features.0.title`) replaced. */
export function setIn<T>(root: T, path: string, value: unknown): T {
  const [head, ...rest] = path.split('.');
  const node = (root ?? {}) as Record<string, unknown> | unknown[];
  const next = rest.length ? setIn((node as Record<string, unknown>)[head], rest.join('.'), value) : value;
  if (Array.isArray(node)) {
    const copy = [...node];
    copy[Number(head)] = next;
    return copy as T;
  }
  return { ...node, [head]: next } as T;
}

/** The value at a dotted path, '' when absent. */
export function getIn(root: unknown, path: string): unknown {
  let node = root;
  for (const part of path.split('.')) {
    if (!node || typeof node !== 'object') return '';
    node = (node as Record<string, unknown>)[part];
  }
  return node ?? '';
}

/** Moves one item of a list by `by` places (-1 up, 1 down); out-of-range moves leave it be. */
export function moveItem<T>(items: readonly T[], index: number, by: number): T[] {
  const target = index + by;
  if (index < 0 || index >= items.length || target < 0 || target >= items.length) return [...items];
  const copy = [...items];
  const [item] = copy.splice(index, 1);
  copy.splice(target, 0, item);
  return copy;
}

export type LandingList = 'features' | 'blog' | 'faq';

/** A new, empty item of a landing list, valid once its title is typed. */
export function newLandingItem<L extends LandingList>(list: L): LandingSettings[L][number] {
  const items = {
    features: { title: '', description: '', icon: 'storage' },
    blog: { title: '', excerpt: '', image: '', url: '/' },
    faq: { question: '', answer: '' },
  } satisfies { [K in LandingList]: LandingSettings[K][number] };
  return structuredClone(items[list]) as LandingSettings[L][number];
}
