/**
 * The roadmap's own styles, on top of `BASE_CSS` from @hearken/ui. Only logical properties,
 * so right-to-left languages mirror without extra rules (gradients have no logical direction:
 * the edge fades turn under `[dir=rtl]`, which the root carries). In a narrow widget (a phone) the tabs stay on one row and
 * share it: a long label wraps inside its tab rather than pushing the last tab and its "New" badge
 * out of view (a scrolling row clipped them, with no cue, at 360-400 px). The tab bar clips what
 * leaves it, so a tab's focus ring is drawn inside the tab. Columns are at least 168 px, so six (the seed's states) fit
 * a 1280 px page; each takes most of a narrow widget so the next one peeks in at the inline end.
 * Where the columns do not fit, the edges with more beyond them fade (scroll-edges.ts): overlay
 * scrollbars (macOS, phones) show nothing. Controls keep LAUNCHER_ROOM clear of the viewport's
 * top and bottom when focus scrolls to them; `:host` is padded by the room a launcher covers where
 * the page's end is too close (launcher-room.ts; here, since BASE_CSS resets `:host`). Long lists use `content-visibility` so off-screen
 * rows cost no layout. States and priorities come from the service as they are (often English,
 * any length), so they may break anywhere and are isolated from the text around them. Headings
 * keep the user agent's bold (and h4 its 1em size).
 */
/**
 * Room kept between a focused control and the viewport's top and bottom edges: a feedback
 * launcher (about 56 px with its offset, 62 px with its focus ring) sits there, fixed, and would
 * otherwise cover a vote button that focus scrolls to.
 */
const LAUNCHER_ROOM = 80;

export const ROADMAP_CSS = `
:host{padding-block-end:var(--hk-launcher-room,0px)}
.hk-roadmap{padding:var(--hearken-padding,16px);border-radius:var(--hk-radius);container:hk/inline-size}
.hk-roadmap :is(h2,h3,h4,p,ul){margin:0}
.hk-header{display:flex;align-items:center;gap:12px;margin-block-end:12px}
.hk-logo{inline-size:32px;block-size:32px;border-radius:8px;object-fit:cover}
.hk-title{font-size:1.25em;flex:1}
.hk-meta{color:var(--hk-muted);font-size:.875em;overflow-wrap:anywhere}
.hk-tabs{display:flex;gap:4px;margin-block-end:16px;border-block-end:1px solid var(--hk-border);overflow-x:auto;scrollbar-width:none}
.hk-tab{flex:none;white-space:nowrap;appearance:none;background:none;border:0;border-block-end:2px solid transparent;padding:8px 12px;cursor:pointer;color:var(--hk-muted);font-weight:600;display:inline-flex;align-items:center;gap:6px}
.hk-tab[aria-pressed=true]{color:var(--hk-accent-text);border-block-end-color:var(--hk-accent)}
.hk-tab:hover{color:var(--hk-text)}
.hk-tabs .hk-tab:focus-visible{outline-offset:-2px}
.hk-badge{flex:none;white-space:nowrap;background:var(--hk-accent);color:var(--hk-button-text);border-radius:999px;padding:0 8px;font-size:.75em;line-height:1.6}
.hk-board{position:relative}
.hk-board::before,.hk-board::after{content:"";position:absolute;inset-block:0;inline-size:40px;pointer-events:none;opacity:0;transition:opacity .15s}
.hk-board::before{inset-inline-start:0;background:linear-gradient(to right,var(--hk-background),transparent)}
.hk-board::after{inset-inline-end:0;background:linear-gradient(to left,var(--hk-background),transparent)}
[dir=rtl] .hk-board::before{background:linear-gradient(to left,var(--hk-background),transparent)}
[dir=rtl] .hk-board::after{background:linear-gradient(to right,var(--hk-background),transparent)}
.hk-board[data-more~=start]::before,.hk-board[data-more~=end]::after{opacity:1}
.hk-columns{display:grid;grid-auto-flow:column;grid-auto-columns:minmax(168px,1fr);align-items:start;gap:16px;overflow-x:auto;padding-block-end:4px;scroll-snap-type:inline proximity}
.hk-roadmap :is(a,button,[tabindex]){scroll-margin-block:${LAUNCHER_ROOM}px}
.hk-column{scroll-snap-align:start}
.hk-group-title{overflow-wrap:anywhere;font-size:.8125em;text-transform:uppercase;letter-spacing:.04em;color:var(--hk-muted);margin-block:8px}
.hk-count{font-weight:400}
.hk-list{list-style:none;padding:0;display:flex;flex-direction:column;gap:8px}
.hk-list>li{content-visibility:auto;contain-intrinsic-size:auto 120px}
.hk-card,.hk-issue{background:var(--hk-surface);border:1px solid var(--hk-border);border-radius:var(--hk-radius);padding:12px;display:flex;flex-direction:column;gap:8px}
.hk-card{border-inline-start:4px solid var(--hk-item,var(--hk-border))}
.hk-card-title{font-weight:600;display:flex;gap:6px;align-items:baseline}
.hk-dot:empty{display:none}
.hk-text{overflow-wrap:anywhere}
.hk-progress{block-size:6px;border-radius:3px;background:var(--hk-border);overflow:hidden}
.hk-progress-fill{display:block;block-size:100%;background:var(--hk-accent)}
.hk-actions{display:flex;align-items:center;gap:12px;flex-wrap:wrap}
.hk-votes{color:var(--hk-muted);font-size:.875em}
.hk-vote-wrap{display:inline-flex;align-items:center;gap:8px;flex-wrap:wrap}
.hk-vote{display:inline-flex;align-items:center;gap:6px;border:1px solid var(--hk-muted);background:var(--hk-background);border-radius:999px;padding:2px 10px;cursor:pointer;font-size:.875em;font-weight:600}
.hk-vote[aria-pressed=true]{background:var(--hk-accent);border-color:var(--hk-accent);color:var(--hk-button-text)}
.hk-vote[aria-disabled=true]{cursor:default}
.hk-vote-error{font-size:.8125em}
.hk-moved{margin:4px 0;font-size:.8125em;font-weight:600;color:var(--hk-accent-text)}
.hk-closed{margin-inline-start:.75em}
.hk-empty{color:var(--hk-muted);padding-block:24px;text-align:center}
.hk-message{display:grid;gap:8px;justify-items:start;padding:16px;border:1px solid var(--hk-border);border-radius:var(--hk-radius);background:var(--hk-surface)}
.hk-message h3{font-size:1.0625em}
.hk-button{appearance:none;border:0;border-radius:var(--hk-radius);background:var(--hk-accent);color:var(--hk-button-text);padding:6px 14px;font-weight:600;cursor:pointer}
.hk-button-quiet{background:none;color:var(--hk-accent-text);padding:0 4px;text-decoration:underline}
.hk-notice{display:flex;gap:8px;align-items:center;flex-wrap:wrap;padding:8px 12px;margin-block-end:12px;border-radius:var(--hk-radius);background:var(--hk-surface);border:1px solid var(--hk-border);font-size:.875em}
@container hk (max-width:480px){.hk-columns{grid-auto-columns:82%;gap:12px}.hk-tabs{gap:0}.hk-tab{flex-shrink:1;flex-wrap:wrap;justify-content:center;row-gap:2px;white-space:normal;line-height:1.25;padding-inline:8px}}
`;
