import { LAUNCHER_LABEL } from '../launcher-label.ts';

/**
 * The English strings the launcher shows before the form loads (its name and its badge's), part
 * of `en`: apart, so the view that draws the launcher does not bring every string of the form.
 */
export const enLauncher = {
  launcher: LAUNCHER_LABEL,
  launcherUnread: '{label}, {updates}',
  movedRequests: '{count} of your requests moved',
  movedRequests_one: '{count} of your requests moved',
  newUpdates: '{count} new updates',
  newUpdates_one: '{count} new update',
} as const satisfies Record<string, string>;
