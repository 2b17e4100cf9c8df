/** The skeleton's height in CSS pixels, documented in the README for pages to reserve. */
export const SKELETON_HEIGHT = 400;

/**
 * The eager element's skeleton: a header (left out when the view shows bare) and the first cards, in the theme's default colours (or
 * the page's `--hearken-*` overrides). It is SKELETON_HEIGHT tall at every width (a loaded view is
 * about that tall or taller), so a page can reserve the same room before the script arrives and
 * nothing below the widget moves when the skeleton, then the view, comes in.
 */
export const SKELETON_CSS = `
:host{all:initial;display:block}
:host([hidden]){display:none}
.hk-shell{--b:var(--hearken-background,#fff);--s:var(--hearken-surface,#f5f5f5);box-sizing:border-box;display:grid;gap:16px;grid-template-columns:repeat(auto-fill,minmax(min(240px,100%),1fr));align-content:start;block-size:${SKELETON_HEIGHT}px;overflow:hidden;padding:var(--hearken-padding,16px);background:var(--b);border-radius:var(--hearken-radius,10px);font:var(--hearken-font-size,15px)/1.5 var(--hearken-font-family,system-ui,sans-serif)}
:host([theme=dark]) .hk-shell{--b:var(--hearken-background,#16181d);--s:var(--hearken-surface,#1f2126)}
@media (prefers-color-scheme:dark){:host([theme=auto]) .hk-shell{--b:var(--hearken-background,#16181d);--s:var(--hearken-surface,#1f2126)}}
.hk-shell>i{display:block;block-size:160px;border-radius:var(--hearken-radius,10px);background:var(--s);animation:p 1.2s ease-in-out infinite alternate}
.hk-shell>i:first-child{grid-column:1/-1;block-size:76px}
:host([header=off][tabs=off]) .hk-shell>i:first-child{display:none}
@keyframes p{to{opacity:.45}}
@media (prefers-reduced-motion:reduce){.hk-shell>i{animation:none}}
`;
