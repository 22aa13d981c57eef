import type { NotificationChannel, NotificationSubscriptions, UpdateSubscriptionsBody } from '@kosh/contracts';

/** Each notification type's chosen channels, by notif_id. */
export type Selections = Record<string, Record<NotificationChannel, boolean>>;

/** The user's choices for every listed type; a type without a stored choice starts all off. */
export function selectionsFrom(data: NotificationSubscriptions): Selections {
  const chosen = new Map(data.user_selections.map((s) => [s.notif_id, s.channels]));
  const result: Selections = {};
  for (const items of Object.values(data.subscriptions)) {
    for (const { notif_id: id } of items) {
      const channels = chosen.get(id);
      result[id] = { email: !!channels?.email, browser: !!channels?.browser };
    }
  }
  return result;
}

/** A group's checkbox for one channel: on when all are, indeterminate when only some are. */
export function groupState(
  selections: Selections,
  ids: string[],
  channel: NotificationChannel,
): { isSelected: boolean; isIndeterminate: boolean } {
  const on = ids.filter((id) => selections[id]?.[channel]).length;
  return { isSelected: ids.length > 0 && on === ids.length, isIndeterminate: on > 0 && on < ids.length };
}

/** Sets one channel for the given types (a whole group, or one type). */
export function setChannel(
  selections: Selections,
  ids: string[],
  channel: NotificationChannel,
  value: boolean,
): Selections {
  const next = { ...selections };
  for (const id of ids) next[id] = { ...(next[id] ?? { email: false, browser: false }), [channel]: value };
  return next;
}

/** The PUT notifications/me/subscriptions body: every type with its channels. */
export function toUpdateBody(selections: Selections): UpdateSubscriptionsBody {
  return {
    selections: Object.entries(selections).map(([notif_id, channels]) => ({
      notif_id,
      channels,
    })) as UpdateSubscriptionsBody['selections'],
  };
}

/**
 * /notifications/settings redirects to / when subscriptions are not integrated or, once
 * loaded, there are none (part 1, 2.1).
 */
export function settingsPageRedirect(
  isIntegrated: boolean,
  data: NotificationSubscriptions | undefined,
): string | null {
  if (!isIntegrated) return '/';
  if (data && !Object.values(data.subscriptions).some((items) => items.length > 0)) return '/';
  return null;
}
