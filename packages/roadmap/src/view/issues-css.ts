/** Styles of the issues view, adopted when it first renders. */
export const ISSUES_CSS = `
.hk-issue>.hk-card-title{display:block}
.hk-id{color:var(--hk-muted);font-weight:500;font-variant-numeric:tabular-nums;white-space:nowrap}
.hk-summary{padding-inline-start:20px;font-size:.9375em}
.hk-link{font-size:.875em;white-space:nowrap}
.hk-search{margin-block-end:8px}
.hk-search input{inline-size:100%;padding:8px 12px;border:1px solid var(--hk-muted);border-radius:var(--hk-radius);background:var(--hk-background)}
.hk-group{margin-block-end:12px}
`;
