import { z } from 'zod';

export const MenuItemSchema = z.object({
  id: z.string(),
  label: z.string(),
  action: z.string(),
  type: z.enum(['link', 'route', 'page']).default('route'),
  target: z.enum(['_self', '_blank']).optional(),
  icon: z.string().optional(),
  roles: z.array(z.number().int()).default([]),
  permissions: z.array(z.string()).default([]),
  /** Settings conditions: each key must equal the value (part 1, 6). */
  settings: z.record(z.string(), z.unknown()).default({}),
  /** 'subscribed' needs an active subscription; any other value needs none (part 1, 6). */
  subscriptionStatus: z.string().optional(),
});
export type MenuItem = z.infer<typeof MenuItemSchema>;

export const MenuSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  positions: z.array(z.string()),
  items: z.array(MenuItemSchema),
});
export type Menu = z.infer<typeof MenuSchema>;
