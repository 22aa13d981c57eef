import type { AdminCustomPage, CustomPageOwner, CustomPageSummary } from '@kosh/contracts';
import type { AdminCustomPageRow, CustomPageSummaryRow } from './pages-admin.repository.ts';

type OwnerColumns = {
  owner_id: number | null;
  owner_email: string | null;
  owner_first_name: string | null;
  owner_last_name: string | null;
};

/** The owner as lists show them: their name, or their address when they gave none. */
function ownerOf(row: OwnerColumns): CustomPageOwner | null {
  if (row.owner_id === null || row.owner_email === null) return null;
  const name = [row.owner_first_name, row.owner_last_name].filter(Boolean).join(' ').trim();
  return { id: row.owner_id, name: name || row.owner_email, email: row.owner_email };
}

export const presentSummary = (row: CustomPageSummaryRow): CustomPageSummary => ({
  id: row.id,
  title: row.title,
  slug: row.slug,
  created_at: row.created_at,
  updated_at: row.updated_at,
  owner: ownerOf(row),
});

/** The stored page for the editor; SEO fields absent from the row read as null. */
export function presentPage(row: AdminCustomPageRow): AdminCustomPage {
  const seo = row.seo ? (JSON.parse(row.seo) as { title?: string | null; description?: string | null }) : {};
  return {
    ...presentSummary(row),
    body: row.body,
    seo: { title: seo.title ?? null, description: seo.description ?? null },
  };
}
