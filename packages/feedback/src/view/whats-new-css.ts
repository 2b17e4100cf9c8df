/**
 * Styles of the dialog's "What's new" part and the popup card (the launcher's unread badge is in
 * `launcher-view-css.ts`). An excerpt is one paragraph of plain text, clamped to three lines; in a
 * whole entry, headings inside the notes stay at the text's size, below the entry's 1.25em title.
 */
export const WHATS_NEW_CSS = `
.hk-whats-new{display:grid;grid-template-columns:minmax(0,1fr);gap:12px;padding:16px 18px 18px;border-top:1px solid var(--hk-border)}
.hk-whats-new h3{margin:0;font-size:1.05em}
.hk-entries{display:grid;grid-template-columns:minmax(0,1fr);gap:16px;margin:0;padding:0;list-style:none}
.hk-entry{display:grid;grid-template-columns:minmax(0,1fr);gap:4px}
.hk-entry h4{margin:0;font-size:1em}
.hk-entry-image{max-inline-size:100%;block-size:auto;max-block-size:160px;object-fit:cover;border-radius:calc(var(--hk-radius)*.6)}
.hk-new{margin-inline-end:6px;padding:0 6px;border-radius:999px;background:var(--hk-accent);color:var(--hk-button-text);font-size:.85em}
.hk-excerpt{margin:0;display:-webkit-box;-webkit-box-orient:vertical;-webkit-line-clamp:3;line-clamp:3;overflow:hidden;overflow-wrap:anywhere}
.hk-entry-title{margin:0;font-size:1.25em}
.hk-notes{overflow-wrap:anywhere}
.hk-notes :is(p,ul,ol,blockquote,pre,figure,h1,h2,h3,h4,h5,h6){margin-block:0 .75em}
.hk-notes :is(h1,h2,h3,h4,h5,h6){font-size:1em}
.hk-notes img{max-inline-size:100%;block-size:auto}
.hk-notes pre{white-space:pre-wrap}
.hk-announcement{position:fixed;z-index:2147483000;box-sizing:border-box;inline-size:min(320px,calc(100vw - 32px));display:grid;grid-template-columns:1fr auto;gap:4px 8px;align-items:start;
padding:12px 12px 12px 16px;border:1px solid var(--hk-border);border-radius:var(--hk-radius);background:var(--hk-background);color:var(--hk-text);box-shadow:0 8px 24px rgb(0 0 0/.2)}
.hk-announcement[data-position$=right]{right:max(16px,env(safe-area-inset-right))}
.hk-announcement[data-position$=left]{left:max(16px,env(safe-area-inset-left))}
.hk-announcement[data-position^=bottom]{bottom:calc(max(16px,env(safe-area-inset-bottom)) + 60px)}
.hk-announcement[data-position^=top]{top:calc(max(16px,env(safe-area-inset-top)) + 60px)}
.hk-announcement p{margin:0;grid-column:1}
.hk-announcement-kicker{font-size:.85em;color:var(--hk-muted)}
.hk-announcement-title{font-weight:600;display:-webkit-box;-webkit-box-orient:vertical;-webkit-line-clamp:2;overflow:hidden}
.hk-announcement .hk-close{grid-column:2;grid-row:1/span 3;width:2em;height:2em}
@media (prefers-reduced-motion:no-preference){.hk-announcement{animation:hk-rise .2s ease-out}}
@keyframes hk-rise{from{opacity:0;transform:translateY(8px)}}
`;
