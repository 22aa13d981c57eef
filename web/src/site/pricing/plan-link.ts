import type { Product } from '@kosh/contracts';
import { ONBOARDING_STORAGE_KEY } from '../../shell/redirects.ts';

export type PlanSelection = { productId: number; priceId: number };

/** Who is looking at a plan card. */
export type Visitor = {
  isLoggedIn: boolean;
  isSubscribed: boolean;
  /** On the change-plan page: a subscriber's card leads to the confirmation of that plan and price. */
  isChangingPlan?: boolean;
};

/**
 * Where a plan card's button goes, its label, and what it does to the onboarding selection in
 * session storage: an object to hold, null to drop, undefined to leave alone.
 */
export type PlanCardAction = {
  to: string;
  label: 'Get started' | 'Choose Plan';
  selection?: PlanSelection | null;
};

/**
 * The plan card link (spec part 2, 2 "Plan card link"): a visitor registers (redirectFrom=pricing)
 * holding the chosen plan, so sign-up or login continues to its checkout; a subscriber changes
 * plan; a signed-in user without a subscription goes to checkout. The free plan needs no payment:
 * a visitor registers (dropping an earlier paid choice), a signed-in user opens the drive.
 * Undefined when a paid plan has no price to buy.
 */
export function planCardAction(
  product: Pick<Product, 'id' | 'free'>,
  priceId: number | undefined,
  visitor: Visitor,
): PlanCardAction | undefined {
  if (product.free)
    return visitor.isLoggedIn
      ? { to: '/drive', label: 'Get started' }
      : { to: '/register', label: 'Get started', selection: null };
  if (priceId === undefined) return undefined;
  if (!visitor.isLoggedIn)
    return {
      to: '/register?redirectFrom=pricing',
      label: 'Choose Plan',
      selection: { productId: product.id, priceId },
    };
  if (visitor.isSubscribed)
    return {
      to: visitor.isChangingPlan ? `/billing/change-plan/${product.id}/${priceId}/confirm` : '/billing/change-plan',
      label: 'Choose Plan',
    };
  return { to: `/checkout/${product.id}/${priceId}`, label: 'Choose Plan' };
}

type SessionStore = Pick<Storage, 'setItem' | 'removeItem'>;

/** Applies an action's selection to session storage (read back by shell/redirects.ts after login). */
export function applyPlanSelection(storage: SessionStore, selection: PlanSelection | null | undefined): void {
  if (selection === undefined) return;
  try {
    if (selection === null) storage.removeItem(ONBOARDING_STORAGE_KEY);
    else storage.setItem(ONBOARDING_STORAGE_KEY, JSON.stringify(selection));
  } catch {
    // Storage refused (private mode, quota): the visitor still reaches the page, only the hand-over is lost.
  }
}

/** Drops the onboarding selection once its checkout has been shown. */
export function clearPlanSelection(storage: SessionStore): void {
  applyPlanSelection(storage, null);
}
