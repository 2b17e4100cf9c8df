/**
 * @hearken/core/changelog-anchor: a changelog entry's link anchor alone, for an element's eager part
 * (see `@hearken/core/storage-keys` for why not `@hearken/core/constants`).
 */
export { anchoredEntry, changelogAnchor } from './contract/changelog-anchor.ts';
