/**
 * The roadmap's one loading skeleton (styled by SKELETON_CSS): the eager element draws it at once, and the
 * view keeps it, or draws it again, while data loads.
 */
export function createSkeleton(document: Document): HTMLElement {
  const skeleton = document.createElement('div');
  skeleton.className = 'hk-shell';
  skeleton.setAttribute('aria-busy', 'true');
  // A header and the first cards.
  for (let bone = 0; bone < 4; bone++) skeleton.append(document.createElement('i'));
  return skeleton;
}
