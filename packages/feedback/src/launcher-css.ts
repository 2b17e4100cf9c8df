/** The inline form's usual height in CSS pixels, reserved until it is in; documented in the README for pages to reserve. */
export const INLINE_HEIGHT = 720;

/** The launcher's focus ring: its width, and its distance from the button. */
const RING = 3;
/** How far the focus ring reaches beyond the launcher's box, in CSS pixels. */
export const LAUNCHER_RING_REACH = 2 * RING;

/**
 * The launcher button's styles, loaded before the form. Colours read the themed `--hk-*`
 * properties once the form code has placed the button inside the themed root, and the public
 * `--hearken-*` properties (then the default palette) before that. `:host` in the selector keeps
 * them above the themed root's `.hk-root button` reset once the button sits inside it. Applied with
 * @hearken/ui's `adoptStyles`, which imports no Preact: the launcher is drawn before Preact has loaded.
 * In inline mode, `.hk-hold` keeps the form's room until the form is in.
 */
export const LAUNCHER_CSS = `
:host{all:initial;display:block}
:host([hidden]){display:none}
:host .hk-launcher{position:fixed;z-index:2147483000;margin:0;padding:.7em 1.1em;border:0;border-radius:999px;cursor:pointer;
font:600 15px/1.2 var(--hearken-font-family,system-ui,sans-serif);
background:var(--hk-accent,var(--hearken-accent,#4f46e5));color:var(--hk-button-text,var(--hearken-button-text,#fff));
box-shadow:0 4px 14px rgb(0 0 0/.25)}
.hk-launcher[aria-busy=true]{cursor:progress;opacity:.8}
.hk-launcher:focus-visible{outline:${RING}px solid var(--hk-focus,var(--hearken-focus-ring,#4338ca));outline-offset:${RING}px}
.hk-launcher[data-position$=right]{right:max(16px,env(safe-area-inset-right))}
.hk-launcher[data-position$=left]{left:max(16px,env(safe-area-inset-left))}
.hk-launcher[data-position^=bottom]{bottom:max(16px,env(safe-area-inset-bottom))}
.hk-launcher[data-position^=top]{top:max(16px,env(safe-area-inset-top))}
.hk-hold{display:block;block-size:${INLINE_HEIGHT}px}
`;
