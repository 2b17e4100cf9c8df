/** Form and dialog styles, on top of `BASE_CSS` from @hearken/ui. */
export const FORM_CSS = `
.hk-root.hk-floating{min-height:0;background:none}
.hk-form{display:grid;gap:14px;padding:18px;background:var(--hk-background);color:var(--hk-text)}
.hk-form[data-inline]{border:1px solid var(--hk-border);border-radius:var(--hk-radius)}
.hk-field{display:grid;gap:6px}
.hk-label{font-weight:600}
.hk-input{width:100%;padding:9px 11px;border:1px solid var(--hk-border);border-radius:calc(var(--hk-radius) * .6);background:var(--hk-surface)}
textarea.hk-input{min-height:8em;resize:vertical}
.hk-input[aria-invalid=true]{border-color:#d1242f;border-width:2px}
.hk-hint{font-size:.85em;color:var(--hk-muted)}
.hk-field-error{font-size:.9em;color:var(--hk-text);font-weight:600}
.hk-field-error::before{content:"⚠ "}
.hk-pain{border:0;margin:0;padding:0;display:grid;gap:6px}
.hk-pain legend{padding:0;margin-bottom:6px}
.hk-pain-options{display:flex;flex-wrap:wrap;gap:6px}
.hk-pain-option{position:relative}
.hk-pain-option input{position:absolute;opacity:0;inset:0;margin:0;cursor:pointer}
.hk-pain-option span{display:block;padding:6px 12px;border:1px solid var(--hk-border);border-radius:999px;background:var(--hk-surface)}
.hk-pain-option input:checked+span{background:var(--hk-accent);color:var(--hk-button-text);border-color:var(--hk-accent)}
.hk-pain-option input:focus-visible+span{outline:2px solid var(--hk-focus);outline-offset:2px}
.hk-context{display:flex;align-items:center;gap:8px;font-size:.9em;color:var(--hk-muted)}
.hk-button{padding:9px 16px;border-radius:calc(var(--hk-radius) * .6);border:1px solid var(--hk-border);background:var(--hk-surface);cursor:pointer}
.hk-button[data-primary]{background:var(--hk-accent);color:var(--hk-button-text);border-color:var(--hk-accent);font-weight:600}
.hk-button:disabled{opacity:.6;cursor:progress}
.hk-link{background:none;border:0;padding:0;text-decoration:underline;color:var(--hk-accent-text);cursor:pointer}
.hk-actions{display:flex;justify-content:flex-end;gap:8px}
.hk-status{margin:0;padding:10px 12px;border-radius:calc(var(--hk-radius) * .6);background:var(--hk-surface);border:1px solid var(--hk-border)}
.hk-status:empty{display:none}
.hk-hp{position:absolute;left:-10000px;width:1px;height:1px;overflow:hidden}
.hk-backdrop{position:fixed;inset:0;z-index:2147483001;background:rgb(0 0 0/.45);display:grid;place-items:center;padding:16px}
.hk-dialog{position:relative;width:min(480px,100%);max-height:calc(100vh - 32px);overflow:auto;border-radius:var(--hk-radius);background:var(--hk-background);color:var(--hk-text);box-shadow:0 18px 50px rgb(0 0 0/.35)}
.hk-dialog-header{display:flex;align-items:center;justify-content:space-between;gap:12px;padding:16px 18px 0}
.hk-dialog-title{margin:0;font-size:1.15em}
.hk-close{width:2.2em;height:2.2em;border:0;border-radius:50%;background:var(--hk-surface);cursor:pointer;font-size:1em;line-height:1}
@media (max-width:520px){.hk-backdrop{padding:0}.hk-dialog{width:100%;height:100%;max-height:none;border-radius:0}}
`;
