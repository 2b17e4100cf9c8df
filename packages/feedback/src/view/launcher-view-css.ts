/**
 * What the view adds to the launcher before the form loads: the themed root around a floating
 * launcher takes no room and paints nothing, and the unread badge (changelog entries and moved
 * requests) sits on the button's corner.
 */
export const LAUNCHER_VIEW_CSS = `
.hk-root.hk-floating{min-height:0;background:none}
.hk-unread{position:absolute;top:-7px;inset-inline-end:-7px;min-width:1.5em;padding:0 .4em;border-radius:999px;box-sizing:border-box;
background:var(--hearken-unread,#c01f2b);color:#fff;font-size:12px;line-height:1.5;text-align:center;box-shadow:0 0 0 2px var(--hk-background,#fff)}
`;
