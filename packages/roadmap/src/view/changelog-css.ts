/** Styles of the changelog view, adopted when it first renders. */
export const CHANGELOG_CSS = `
.hk-changelog{display:grid;gap:12px;max-inline-size:72ch}
.hk-changelog-title{font-size:1.25em}
.hk-changelog-image{max-inline-size:100%;block-size:auto;border-radius:var(--hk-radius)}
.hk-notes{overflow-wrap:anywhere}
.hk-notes :is(p,ul,ol,blockquote,pre,h1,h2,h3,h4,h5,h6,figure){margin-block:0 .75em}
.hk-notes img{max-inline-size:100%;block-size:auto}
.hk-notes pre{overflow-x:auto;padding:12px;background:var(--hk-surface);border-radius:var(--hk-radius)}
.hk-notes blockquote{padding-inline-start:12px;border-inline-start:3px solid var(--hk-border)}
`;
