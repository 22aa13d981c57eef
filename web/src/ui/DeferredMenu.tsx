import { useEffect, useRef, useState, type ButtonHTMLAttributes, type ComponentType, type ReactNode } from 'react';

/** What a deferred menu's real component takes besides its own props. */
export type MenuOpenState = { isOpen: boolean; onOpenChange: (isOpen: boolean) => void };

export type MenuLoader<P> = () => Promise<ComponentType<P & MenuOpenState>>;

// Real components once loaded, so a remount (the next page's navbar) renders them straight away.
const loadedMenus = new Map<MenuLoader<never>, ComponentType<never>>();

type DeferredMenuProps<P> = {
  load: MenuLoader<P>;
  props: P;
  /** The real trigger's look and name (class, aria-label, test id) for the plain stand-in. */
  trigger: ButtonHTMLAttributes<HTMLButtonElement> & { 'data-testid'?: string };
  /** What the real trigger shows. */
  triggerContent: ReactNode;
};

/**
 * A menu whose react-aria code loads on first use, so the pages every visitor opens first do
 * without it. Until then a plain button in the trigger's look shows; pressing it loads the menu,
 * moves focus to the real trigger (where closing the menu returns it) and opens the menu.
 */
export function DeferredMenu<P extends object>({ load, props, trigger, triggerContent }: DeferredMenuProps<P>) {
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

  const open = () => {
    openOnLoad.current = true;
    void load().then((component) => {
      loadedMenus.set(load as MenuLoader<never>, component as ComponentType<never>);
      setMenu(() => component);
    });
  };

  return (
    <span ref={box} className="contents">
      {Menu ? (
        <Menu {...props} isOpen={isOpen} onOpenChange={setOpen} />
      ) : (
        <button
          type="button"
          aria-haspopup="menu"
          aria-expanded={false}
          {...trigger}
          onClick={open}
          // Fetching ahead only: swapping the trigger under a pointer or focus would lose the focus.
          onPointerEnter={() => void load()}
          onFocus={() => void load()}
        >
          {triggerContent}
        </button>
      )}
    </span>
  );
}
