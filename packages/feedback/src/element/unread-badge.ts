import { unreadBadge } from '@hearken/ui/dom';

/**
 * Writes the launcher's label and the count of changelog entries the reader has not seen: shown
 * as a badge (up to "9+") and spoken as part of the button's name through `spoken` (the
 * language's "3 new updates"). A count of 0 shows no badge.
 */
export function paintLauncher(launcher: HTMLElement, label: string, count: number, spoken: string): void {
  if (!count) {
    launcher.replaceChildren(label);
    return;
  }
  const badge = document.createElement('span');
  badge.className = 'hk-unread';
  badge.setAttribute('part', 'unread');
  const shown = document.createElement('span');
  shown.setAttribute('aria-hidden', 'true');
  shown.textContent = unreadBadge(count);
  const said = document.createElement('span');
  said.className = 'hk-sr-only';
  said.textContent = `, ${spoken}`;
  badge.append(shown, said);
  launcher.replaceChildren(label, badge);
}
