import type { User } from '@kosh/contracts';

export const ONBOARDING_STORAGE_KEY = 'be-onboarding-selected-plan';

type PlanSelection = { productId: number | string; priceId: number | string };

function readPlanSelection(storage: Pick<Storage, 'getItem'> | undefined): PlanSelection | undefined {
  try {
    const raw = storage?.getItem(ONBOARDING_STORAGE_KEY);
    const parsed = raw ? (JSON.parse(raw) as Partial<PlanSelection>) : undefined;
    return parsed?.productId != null && parsed.priceId != null ? (parsed as PlanSelection) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Post-login destination of part 1, 2.2 (drive variant): a held plan selection goes to
 * checkout; a user without first or last name to /account-settings; otherwise /drive.
 */
export function defaultRedirectFor(user: User | null, storage?: Pick<Storage, 'getItem'>): string {
  const plan = readPlanSelection(storage);
  if (plan) return `/checkout/${plan.productId}/${plan.priceId}`;
  if (user && (!user.first_name || !user.last_name)) return '/account-settings';
  return '/drive';
}

/**
 * Where registration lands (part 1, 2.2): status needs_email_verification goes to '/', where
 * the verification screen shows; any other status to the user's redirect address.
 */
export function registrationRedirectFor(
  status: string | undefined,
  user: User | null,
  storage?: Pick<Storage, 'getItem'>,
): string {
  return status === 'needs_email_verification' ? '/' : defaultRedirectFor(user, storage);
}
