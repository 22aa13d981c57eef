import { useState } from 'react';
import { isSameValue } from '../settings-form.ts';

/**
 * What a field shows while its stored value is parsed from it (a number, a size, a list): kept as
 * typed while it stands for the stored value, started over when the value changes from outside.
 */
export function useDraft<D>(value: unknown, toDraft: (value: unknown) => D): [D, (draft: D, emitted: unknown) => void] {
  const [state, setState] = useState(() => ({ draft: toDraft(value), emitted: value }));
  let current = state;
  if (!isSameValue(state.emitted, value)) {
    current = { draft: toDraft(value), emitted: value };
    setState(current);
  }
  return [current.draft, (draft, emitted) => setState({ draft, emitted })];
}
