import { changelogAnchor } from '@hearken/core/constants';
import { safeUrl } from '@hearken/ui';

/**
 * The host's changelog page as a link: `changelog-url` may be relative to the host page (it is the
 * host's own page, unlike the service's data); only http and https are kept.
 */
export function changelogLink(value: string | undefined): string | null {
  if (!value) return null;
  try {
    const url = safeUrl(new URL(value, document.baseURI).href, 'link');
    return url?.startsWith('http') ? url : null;
  } catch {
    return null;
  }
}

/**
 * One entry on the host's changelog page: the page's link with the entry's anchor, which a
 * roadmap there opens its changelog at.
 */
export function changelogEntryLink(value: string | undefined, id: string): string | null {
  const page = changelogLink(value);
  if (!page) return null;
  const url = new URL(page);
  url.hash = changelogAnchor(id);
  return url.href;
}
