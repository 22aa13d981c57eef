/**
 * The selection of a file view, free of React: a set of selected ids, the anchor a Shift
 * range starts from, and the focused id keyboard navigation moves. Ids are entry ids;
 * `order` is the list as shown (folders first, in the active sort).
 */
export type Selection = {
  readonly selected: ReadonlySet<number>;
  readonly anchor: number | null;
  readonly focused: number | null;
  /**
   * Select all (Ctrl+A) means every entry of the place, loaded or not: `selected` then holds the
   * loaded ones and `except` those deselected since; rows loaded later join the selection.
   */
  readonly whole?: { readonly except: ReadonlySet<number> };
};

export type ClickModifiers = { toggle?: boolean; range?: boolean };

export const emptySelection: Selection = { selected: new Set(), anchor: null, focused: null };

function rangeBetween(order: readonly number[], from: number, to: number): number[] {
  const a = order.indexOf(from);
  const b = order.indexOf(to);
  if (a < 0 || b < 0) return [to];
  const [start, end] = a <= b ? [a, b] : [b, a];
  return order.slice(start, end + 1);
}

/**
 * A click on an entry: alone it selects only that entry; with Ctrl/Cmd (`toggle`) it adds or
 * removes it; with Shift (`range`) it selects from the anchor to it, replacing the selection
 * or, with Ctrl/Cmd too, adding to it. The anchor stays put during Shift clicks.
 */
export function clickEntry(
  state: Selection,
  id: number,
  order: readonly number[],
  { toggle, range }: ClickModifiers = {},
): Selection {
  if (range && state.anchor !== null && order.includes(state.anchor)) {
    const span = rangeBetween(order, state.anchor, id);
    const selected = new Set(toggle ? [...state.selected, ...span] : span);
    return { selected, anchor: state.anchor, focused: id };
  }
  if (toggle) return toggleEntry(state, id);
  return { selected: new Set([id]), anchor: id, focused: id };
}

/** Ctrl/Cmd-click or Space: adds or removes one entry, keeping a select-all (the entry joins its exceptions). */
export function toggleEntry(state: Selection, id: number): Selection {
  const selected = new Set(state.selected);
  const isSelected = selected.has(id);
  if (isSelected) selected.delete(id);
  else selected.add(id);
  if (!state.whole) return { selected, anchor: id, focused: id };
  const except = new Set(state.whole.except);
  if (isSelected) except.add(id);
  else except.delete(id);
  return { selected, anchor: id, focused: id, whole: { except } };
}

/** A right-click: keeps a selection that holds the entry (to act on all of it), else selects only it. */
export function contextClickEntry(state: Selection, id: number): Selection {
  if (state.selected.has(id)) return { ...state, focused: id };
  return { selected: new Set([id]), anchor: id, focused: id };
}

/**
 * Arrow keys: moves focus by `delta` places (1 or -1 in a list; the column count in a grid),
 * clamped to the list. Without Shift the focused entry becomes the selection; with Shift the
 * selection spans from the anchor to it; with `moveOnly` (Ctrl/Cmd) focus moves alone.
 */
export function moveFocus(
  state: Selection,
  order: readonly number[],
  delta: number,
  { extend = false, moveOnly = false } = {},
): Selection {
  if (!order.length) return state;
  const current = state.focused === null ? -1 : order.indexOf(state.focused);
  const next =
    current < 0 ? (delta > 0 ? 0 : order.length - 1) : Math.min(order.length - 1, Math.max(0, current + delta));
  const id = order[next];
  if (moveOnly) return { ...state, focused: id };
  if (extend) {
    const anchor = state.anchor !== null && order.includes(state.anchor) ? state.anchor : (state.focused ?? id);
    return { selected: new Set(rangeBetween(order, anchor, id)), anchor, focused: id };
  }
  return { selected: new Set([id]), anchor: id, focused: id };
}

/** Home and End: the first or the last entry. */
export function focusEdge(
  state: Selection,
  order: readonly number[],
  edge: 'first' | 'last',
  extend = false,
): Selection {
  if (!order.length) return state;
  return moveFocus(state, order, edge === 'first' ? -order.length : order.length, { extend });
}

export function selectAll(state: Selection, order: readonly number[]): Selection {
  return {
    selected: new Set(order),
    anchor: state.anchor ?? order[0] ?? null,
    focused: state.focused ?? order[0] ?? null,
    whole: { except: new Set() },
  };
}

/**
 * The selection over the entries loaded now: under a select-all every loaded entry but the
 * exceptions, so pages loaded after Ctrl+A show selected too.
 */
export function withLoaded(state: Selection, order: readonly number[]): Selection {
  const { whole } = state;
  if (!whole) return state;
  const selected = order.filter((id) => !whole.except.has(id));
  if (selected.length === state.selected.size && selected.every((id) => state.selected.has(id))) return state;
  return { ...state, selected: new Set(selected) };
}

export function clearSelection(state: Selection): Selection {
  return { selected: new Set(), anchor: null, focused: state.focused };
}

/** Drops ids that left the list (moved, trashed, filtered); returns the same object when nothing changed. */
export function pruneSelection(state: Selection, present: ReadonlySet<number>): Selection {
  const kept = [...state.selected].filter((id) => present.has(id));
  const anchor = state.anchor !== null && present.has(state.anchor) ? state.anchor : null;
  const focused = state.focused !== null && present.has(state.focused) ? state.focused : null;
  if (kept.length === state.selected.size && anchor === state.anchor && focused === state.focused) return state;
  return { ...state, selected: new Set(kept), anchor, focused };
}

/** The selected ids in list order (actions and the details panel read them in this order). */
export function selectedInOrder(state: Selection, order: readonly number[]): number[] {
  return order.filter((id) => state.selected.has(id));
}
