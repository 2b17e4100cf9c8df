/**
 * Styles every widget starts from: the host resets inherited properties so page CSS cannot
 * reach in, and the public `--hearken-*` custom properties (which do inherit through the
 * shadow boundary) override the workspace palette.
 */
export const BASE_CSS = `
:host{all:initial;display:block}
:host([hidden]){display:none}
.hk-root{
--hk-background:var(--hearken-background,var(--hk-ws-background));
--hk-text:var(--hearken-text,var(--hk-ws-text));
--hk-accent:var(--hearken-accent,var(--hk-ws-accent));
--hk-accent-text:var(--hearken-accent-text,var(--hk-ws-accent-text));
--hk-button-text:var(--hearken-button-text,var(--hk-ws-button-text));
--hk-surface:var(--hearken-surface,var(--hk-ws-surface));
--hk-border:var(--hearken-border,var(--hk-ws-border));
--hk-muted:var(--hearken-muted,var(--hk-ws-muted));
--hk-radius:var(--hearken-radius,10px);
--hk-focus:var(--hearken-focus-ring,var(--hk-accent-text));
box-sizing:border-box;min-height:100%;
font-family:var(--hearken-font-family,system-ui,sans-serif);font-size:var(--hearken-font-size,15px);line-height:1.5;
font-style:normal;font-weight:400;font-variant:normal;
background:var(--hk-background);color:var(--hk-text);text-align:start;
letter-spacing:normal;word-spacing:normal;text-transform:none;text-indent:0;text-shadow:none;white-space:normal;
}
.hk-root[data-scheme=dark]{color-scheme:dark}
.hk-root[data-scheme=light]{color-scheme:light}
.hk-root *,.hk-root ::before,.hk-root ::after{box-sizing:border-box}
.hk-root :focus-visible{outline:2px solid var(--hk-focus);outline-offset:2px}
.hk-root a{color:var(--hk-accent-text)}
.hk-root :where(button,input,textarea,select){font:inherit;color:inherit}
.hk-sr-only{position:absolute;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;clip-path:inset(50%);white-space:nowrap;border:0}
@media (prefers-reduced-motion:reduce){.hk-root *{animation:none!important;transition:none!important}}
`;
