import { z } from 'zod';
import { SuspendAdminUserBodySchema, type SuspendAdminUserBody } from '@kosh/contracts';

/** The suspend dialog's fields: permanent, or until a day, and why. */
export const SuspendFormSchema = z
  .object({
    permanent: z.boolean(),
    until: z.string(),
    reason: z.string(),
  })
  .superRefine((form, ctx) => {
    if (form.permanent) return;
    const until = SuspendAdminUserBodySchema.shape.until.safeParse(form.until || undefined);
    if (!form.until) ctx.addIssue({ code: 'custom', path: ['until'], message: 'Pick the day the suspension ends.' });
    else if (!until.success) ctx.addIssue({ code: 'custom', path: ['until'], message: until.error.issues[0].message });
  })
  .and(z.object({ reason: SuspendAdminUserBodySchema.shape.reason }));
export type SuspendForm = { permanent: boolean; until: string; reason: string };

export const EMPTY_SUSPEND_FORM: SuspendForm = { permanent: true, until: '', reason: '' };

/** The call's body: null until for good; an empty reason sends none. */
export function suspendBody(form: SuspendForm): SuspendAdminUserBody {
  return { until: form.permanent ? null : form.until, reason: form.reason.trim() || null };
}

/** The first day a suspension may end: tomorrow, in UTC as the server reads it. */
export function firstEndDay(now: Date): string {
  return new Date(now.getTime() + 86_400_000).toISOString().slice(0, 10);
}
