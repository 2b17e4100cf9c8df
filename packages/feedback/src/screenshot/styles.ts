/**
 * The screenshot panel's styles, adopted when it loads. `.hk-capturing` takes the whole widget
 * (form, dialog, its backdrop and the launcher) out of the picture while a tab is captured.
 */
export const SCREENSHOT_CSS = `
.hk-capturing,.hk-capturing *{visibility:hidden!important}
.hk-capturing .hk-dialog::backdrop{background:none}
.hk-shot,.hk-shot-editor{display:grid;gap:10px;min-width:0}
.hk-shot{margin:0;padding:0;border:0}
.hk-shot[data-drop]{outline:2px dashed var(--hk-accent);outline-offset:4px}
.hk-shot-canvas{display:block;width:100%;height:auto;border:1px solid var(--hk-border);border-radius:calc(var(--hk-radius)*.6);touch-action:none;cursor:crosshair}
.hk-shot-thumb{display:block;max-width:160px;height:auto;border:1px solid var(--hk-border);border-radius:calc(var(--hk-radius)*.6)}
.hk-shot-boxes{margin:0;padding:0;list-style:none;display:grid;gap:4px}
.hk-shot-boxes li{display:flex;flex-wrap:wrap;justify-content:space-between;gap:8px}
`;
