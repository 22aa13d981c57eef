import type { Database } from '../../db/database.ts';

type StoredItem = { action?: unknown; [key: string]: unknown };

/**
 * Menu items linking to a page by its old slug (/pages/{slug} or /pages/{id}/{slug}) moved to its
 * new one; answers the items and whether any changed.
 */
export function repointedItems(
  items: StoredItem[],
  page: { id: number; from: string; to: string },
): { items: StoredItem[]; changed: boolean } {
  const targets = new Map([
    [`/pages/${page.from}`, `/pages/${page.to}`],
    [`/pages/${page.id}/${page.from}`, `/pages/${page.id}/${page.to}`],
  ]);
  let changed = false;
  const next = items.map((item) => {
    const to = typeof item.action === 'string' ? targets.get(item.action) : undefined;
    if (to === undefined) return item;
    changed = true;
    return { ...item, action: to };
  });
  return { items: next, changed };
}

/** Keeps the menus' links to a page working when its slug changes (in the change's transaction). */
export async function repointMenus(
  db: Database,
  page: { id: number; from: string; to: string },
  at: string,
): Promise<void> {
  if (page.from === page.to) return;
  for (const menu of await db.selectFrom('menus').select(['id', 'items']).execute()) {
    const { items, changed } = repointedItems(JSON.parse(menu.items) as StoredItem[], page);
    if (changed)
      await db
        .updateTable('menus')
        .set({ items: JSON.stringify(items), updated_at: at })
        .where('id', '=', menu.id)
        .execute();
  }
}
