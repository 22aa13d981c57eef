import { GUEST_PRODUCTS_KEY, ListProductsResponseSchema, type SsrQuery } from '@kosh/contracts';
import type { Actor } from '../auth/actor.ts';
import type { PlansService } from '../billing/plans.service.ts';

/**
 * What a drawn page loads first through the API, answered here as the API answers it, so the server
 * draws the page with it instead of skeletons, and the browser takes the page over without asking
 * again: the pricing page's plans. (The landing page loads its plans as the reader nears them.)
 */
export class PageQueries {
  private readonly plans: Pick<PlansService, 'list'>;

  constructor(deps: { plans: Pick<PlansService, 'list'> }) {
    this.plans = deps.plans;
  }

  async forPage(pathname: string, actor: Actor): Promise<SsrQuery[]> {
    if (pathname !== '/pricing') return [];
    // The response schema keeps what the API sends and no more; JSON makes dates the strings it sends.
    const products = ListProductsResponseSchema.parse(await this.plans.list(actor));
    return [{ key: GUEST_PRODUCTS_KEY, data: JSON.parse(JSON.stringify(products.pagination.data)) }];
  }
}
