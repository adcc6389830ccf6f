/**
 * The vault's style: its page's (server/embedded/vaultPage.ts) and the recovery cancel page's
 * (server/embedded/cancelPage.ts), each written in under the response's nonce, so the owner meets one
 * look on the vault's origin. The
 * frame fills the page's window: its own backdrop, the card centred on a computer and, on a phone, a
 * sheet from the bottom edge, as tall as what it holds (a window of the vault's own: the card from the
 * top). Rows keep their content's height (no stretched buttons); who asks comes first, then what, then
 * the buttons. Words break only where they would overflow, so a long address wraps and a label
 * does not.
 */
export const VAULT_CSS = `
:root{color-scheme:light dark;--bg:#fff;--text:#111827;--muted:#4b5563;--border:#d1d5db;--accent:#0f766e;--accent-text:#fff;--error:#b91c1c;--warn-bg:#fef3c7;--warn-text:#78350f;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
@media (prefers-color-scheme:dark){:root{--bg:#111827;--text:#f9fafb;--muted:#9ca3af;--border:#374151;--accent:#14b8a6;--accent-text:#042f2e;--error:#f87171;--warn-bg:#451a03;--warn-text:#fde68a}}
*{box-sizing:border-box}
html,body{margin:0;height:100%;background:transparent}
html[data-open="true"] body{background:rgba(17,24,39,.55)}
html[data-mode="popup"] body,html[data-mode="standalone"] body{background:var(--bg)}
main{min-height:100%;display:flex;align-items:center;justify-content:center;padding:16px;overflow:auto}
main:empty{display:none}
.card{width:100%;max-width:440px;max-height:calc(100vh - 32px);overflow:auto;overflow-wrap:break-word;background:var(--bg);color:var(--text);border:1px solid var(--border);border-radius:16px;padding:20px;display:grid;align-content:start;gap:12px;box-shadow:0 20px 50px rgba(0,0,0,.3)}
.card>*{min-width:0}
@media (max-width:520px){main{align-items:flex-end;padding:0}.card{max-width:none;max-height:92vh;border-radius:16px 16px 0 0;border-width:1px 0 0;padding-bottom:max(20px,env(safe-area-inset-bottom))}
html[data-mode="popup"] main,html[data-mode="standalone"] main{align-items:flex-start}html[data-mode="popup"] .card,html[data-mode="standalone"] .card{min-height:100vh;max-height:none;border-radius:0;border:0;box-shadow:none}}
h1{font-size:1.2rem;margin:0}
p{margin:0}
.header{display:flex;justify-content:space-between;align-items:center;gap:8px}
.muted{color:var(--muted)}
.mono{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;overflow-wrap:anywhere;white-space:pre-wrap;font-size:.9rem}
pre.mono{margin:0;max-height:40vh;overflow:auto}
.error{color:var(--error)}
.warnings{padding:10px 14px;border-radius:10px;background:var(--warn-bg);color:var(--warn-text)}
.warnings ul{margin:0;padding-left:18px}
.summary{display:grid;gap:4px;font-size:1.05rem}
.facts{margin:0;display:grid;gap:8px}
.facts dt{color:var(--muted);font-size:.85rem}
.facts dd{margin:0}
ul.plain{list-style:none;margin:0;padding:0;display:grid;gap:2px}
.stack{display:grid;gap:12px}
.field{display:grid;gap:6px}
.input{width:100%;min-height:44px;padding:10px 12px;border:1px solid var(--muted);border-radius:8px;background:var(--bg);color:var(--text);font:inherit}
.input.code{letter-spacing:.3em;font-variant-numeric:tabular-nums}
.actions{display:flex;flex-wrap:wrap;gap:8px}
.actions>*{flex:1 1 9rem}
.button{min-height:44px;padding:10px 16px;border-radius:10px;border:1px solid var(--border);background:var(--bg);color:var(--text);font:inherit;cursor:pointer}
.button.primary{background:var(--accent);border-color:var(--accent);color:var(--accent-text);font-weight:600}
.button.quiet{min-height:36px;padding:6px 10px;border-color:transparent}
.button[aria-disabled="true"]{opacity:.55;cursor:progress}
.button:focus-visible,.input:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
.choices{border:0;padding:0;margin:0;display:grid;gap:8px}
.choice{display:flex;gap:8px;align-items:flex-start}
.phrase:empty{display:none}
.qr{display:block;width:220px;height:220px;margin:0 auto;border-radius:8px}
.pairing-code,.fingerprint{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:1.6rem;letter-spacing:.12em;text-align:center;margin:8px 0}
.activity{list-style:none;margin:0;padding:0;max-height:40vh;overflow:auto}
.activity li{padding:6px 0;border-bottom:1px solid var(--border)}
.verified{color:#137333}
.phrase{padding:12px;border:1px solid var(--border);border-radius:8px;user-select:all;line-height:1.7}
.spinner{width:24px;height:24px;border:3px solid var(--border);border-top-color:var(--accent);border-radius:50%;animation:spin 1s linear infinite}
/* approval.ts: a frame moved off its place shows here as a share of this off screen */
.sentinel{position:fixed;inset:0;pointer-events:none;visibility:hidden}
@keyframes spin{to{transform:rotate(360deg)}}
@media (prefers-reduced-motion:reduce){.spinner{animation:none}}
`
