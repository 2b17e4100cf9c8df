/**
 * The similar requests under the message field: one row per issue, its title wrapping beside the
 * vote button, which drops below it on narrow screens so a long title stays readable at 360 px.
 */
export const SUGGESTIONS_CSS = `
.hk-suggest{display:grid;gap:6px}
.hk-suggest-list{display:grid;gap:6px;margin:0;padding:0;list-style:none}
.hk-suggest-item{display:flex;flex-wrap:wrap;align-items:center;gap:6px 10px;padding:8px 10px;border:1px solid var(--hk-border);border-radius:calc(var(--hk-radius)*.6);background:var(--hk-surface)}
.hk-suggest-text{display:grid;gap:2px;flex:1 1 12em;min-width:0;overflow-wrap:anywhere}
.hk-suggest-title{font-weight:600}
.hk-suggest-meta,.hk-suggest-why{font-size:.85em;color:var(--hk-muted)}
.hk-suggest mark{background:color-mix(in srgb,var(--hk-accent) 18%,transparent);color:inherit;border-radius:2px}
.hk-suggest-item .hk-link{margin-inline-start:auto}
.hk-suggest-item .hk-button{padding:6px 12px;margin-inline-start:auto}
.hk-suggest-item .hk-button[data-voted]{background:var(--hk-accent);color:var(--hk-button-text);border-color:var(--hk-accent)}
`;
