/**
 * Styles of the changelog view, adopted when it first renders. An entry's image keeps a 2:1 box
 * (the usual shape of a release banner) before it loads, so the notes below it do not move when it
 * arrives; an image of another shape is shown whole inside it, never enlarged. Headings inside the
 * notes stay below the entry's 1.25em title, whatever level the notes give them.
 */
export const CHANGELOG_CSS = `
.hk-changelog-list{display:grid;grid-template-columns:minmax(0,1fr);gap:32px;margin:0 0 16px;padding:0;list-style:none}
.hk-changelog{display:grid;grid-template-columns:minmax(0,1fr);gap:12px;max-inline-size:72ch;scroll-margin-block-start:16px}
.hk-changelog:focus-visible{outline:3px solid var(--hk-focus);outline-offset:4px;border-radius:var(--hk-radius)}
.hk-changelog-title{font-size:1.25em}
.hk-changelog-new{margin-inline-end:8px;color:var(--hk-button-text)}
.hk-changelog-image{inline-size:100%;block-size:auto;aspect-ratio:2/1;object-fit:scale-down;border-radius:var(--hk-radius)}
.hk-notes{overflow-wrap:anywhere}
.hk-notes :is(p,ul,ol,blockquote,pre,h1,h2,h3,h4,h5,h6,figure){margin-block:0 .75em}
.hk-notes :is(h1,h2,h3,h4,h5,h6){font-size:1.0625em}
.hk-notes img{max-inline-size:100%;block-size:auto}
.hk-notes pre{white-space:pre-wrap;overflow-wrap:anywhere;padding:12px;background:var(--hk-surface);border-radius:var(--hk-radius)}
.hk-notes blockquote{padding-inline-start:12px;border-inline-start:3px solid var(--hk-border)}
`;
