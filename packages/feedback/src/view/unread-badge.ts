import { unreadBadge } from '@hearken/ui/model';

/**
 * Writes the launcher's label and the count of changelog entries the reader has not seen: shown
 * as a badge (up to "9+"), and said in the button's name, `name` (the language's "Feedback, 3 new
 * updates"), which replaces the visible text for assistive technology. A count of 0 shows no badge.
 */
export function paintLauncher(launcher: HTMLElement, label: string, count: number, name: string): void {
  if (!count) {
    launcher.removeAttribute('aria-label');
    launcher.replaceChildren(label);
    return;
  }
  const badge = document.createElement('span');
  badge.className = 'hk-unread';
  badge.setAttribute('part', 'unread');
  badge.setAttribute('aria-hidden', 'true');
  badge.textContent = unreadBadge(count);
  launcher.setAttribute('aria-label', name);
  launcher.replaceChildren(label, badge);
}
