/**
 * Form and dialog styles, on top of `BASE_CSS` from @hearken/ui. `.hk-root>.hk-form` is the inline
 * form (in launcher mode the form sits inside the dialog). On phones the dialog fills the screen
 * with its title bar kept in view and clear of the notch and home bar, and fields use at least
 * 16px text, below which mobile Safari zooms the page in on focus. The form's gap alone spaces its
 * lines, so its paragraphs have no margins of their own.
 */
export const FORM_CSS = `
.hk-form{display:grid;gap:14px;padding:18px}
.hk-root>.hk-form{border:1px solid var(--hk-border);border-radius:var(--hk-radius)}
.hk-field,.hk-pain{display:grid;gap:6px}
.hk-label,.hk-field-error,.hk-button[data-primary]{font-weight:600}
.hk-input,.hk-button,.hk-status,.hk-pain span{border:1px solid var(--hk-border);border-radius:calc(var(--hk-radius)*.6);background:var(--hk-surface)}
.hk-input{width:100%;padding:9px 11px}
textarea.hk-input{min-height:8em;resize:vertical}
.hk-input[aria-invalid=true]{border:2px solid #d1242f}
.hk-hint,.hk-context{margin:0;font-size:.85em;color:var(--hk-muted)}
.hk-field-error{font-size:.9em}
.hk-field-error::before{content:"⚠ "}
.hk-pain{border:0;margin:0;padding:0}
.hk-pain legend{padding:0;margin-bottom:6px}
.hk-pain div,.hk-context,.hk-actions{display:flex;flex-wrap:wrap;align-items:center;gap:8px}
.hk-pain label{position:relative}
.hk-pain input{position:absolute;opacity:0;inset:0;margin:0;cursor:pointer}
.hk-pain span{display:block;padding:6px 12px;border-radius:999px}
.hk-pain :checked+span,.hk-button[data-primary]{background:var(--hk-accent);color:var(--hk-button-text);border-color:var(--hk-accent)}
.hk-pain :focus-visible+span{outline:2px solid var(--hk-focus);outline-offset:2px}
.hk-check{display:flex;align-items:center;gap:8px}
.hk-button{padding:9px 16px;cursor:pointer}
.hk-button:disabled{opacity:.6;cursor:progress}
.hk-link{background:none;border:0;padding:0;text-decoration:underline;color:var(--hk-accent-text);cursor:pointer}
.hk-actions{justify-content:flex-end}
.hk-outcome{display:grid;gap:10px;scroll-margin:16px}
.hk-status{margin:0;padding:10px 12px}
.hk-status:empty{display:none}
.hk-dialog{width:480px;padding:0;border:0;border-radius:var(--hk-radius);background:var(--hk-background);color:inherit;box-shadow:0 18px 50px rgb(0 0 0/.35)}
.hk-dialog::backdrop{background:rgb(0 0 0/.45)}
.hk-dialog-header{position:sticky;top:0;z-index:1;display:flex;align-items:center;justify-content:space-between;gap:12px;padding:16px 18px 8px;background:var(--hk-background)}
.hk-dialog-title{margin:0;font-size:1.15em}
.hk-close{width:2.2em;height:2.2em;border:0;border-radius:50%;background:var(--hk-surface);cursor:pointer;line-height:1}
@media (max-width:520px){
.hk-dialog{width:100%;height:100%;height:100dvh;max-width:none;max-height:none;border-radius:0;padding-bottom:env(safe-area-inset-bottom)}
.hk-dialog-header{padding-top:max(12px,env(safe-area-inset-top))}
.hk-form{padding:12px 16px 16px}
}
@media (max-width:520px),(pointer:coarse){.hk-input{font-size:max(16px,1em)}}
`;
