import { useEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';

/** What a deferred menu's real component takes besides its own props. */
export type MenuOpenState = { isOpen: boolean; onOpenChange: (isOpen: boolean) => void };

export type MenuLoader<P> = () => Promise<ComponentType<P & MenuOpenState>>;

/** What the stand-in trigger wires up: a press loads and opens, hover and focus fetch ahead. */
export type StandInHandlers = { onClick: () => void; onPointerEnter: () => void; onFocus: () => void };

// Real components once loaded, so a remount (the next page's navbar) renders them straight away.
const loadedMenus = new Map<MenuLoader<never>, ComponentType<never>>();

type DeferredMenuProps<P> = {
  load: MenuLoader<P>;
  props: P;
  /** A plain button in the real trigger's look, with `aria-haspopup="menu"`. */
  standIn: (handlers: StandInHandlers) => ReactNode;
};

/**
 * A menu whose react-aria code loads on first use, so the pages every visitor opens first do
 * without it. Until then `standIn` shows; pressing it loads the menu, moves focus to the real
 * trigger (where closing the menu returns it) and opens the menu.
 */
export function DeferredMenu<P extends object>({ load, props, standIn }: DeferredMenuProps<P>) {
  const [Menu, setMenu] = useState(
    () => loadedMenus.get(load as MenuLoader<never>) as ComponentType<P & MenuOpenState>,
  );
  const [isOpen, setOpen] = useState(false);
  const openOnLoad = useRef(false);
  const box = useRef<HTMLSpanElement>(null);

  useEffect(() => {
    if (!Menu || !openOnLoad.current) return;
    openOnLoad.current = false;
    box.current?.querySelector<HTMLElement>('button')?.focus();
    setOpen(true);
  }, [Menu]);

  const handlers: StandInHandlers = {
    onClick: () => {
      openOnLoad.current = true;
      void load().then((component) => {
        loadedMenus.set(load as MenuLoader<never>, component as ComponentType<never>);
        setMenu(() => component);
      });
    },
    // Fetching ahead only: swapping the trigger under a pointer or focus would lose the focus.
    onPointerEnter: () => void load(),
    onFocus: () => void load(),
  };

  return (
    <span ref={box} className="contents">
      {Menu ? <Menu {...props} isOpen={isOpen} onOpenChange={setOpen} /> : standIn(handlers)}
    </span>
  );
}
