/**
 * Text for HTML, in an element or a quoted attribute alike: `&`, `<`, `>`, `"` and `'` as numeric
 * references. The server's few pages of its own (the vault page, the recovery's cancel page) write
 * every value through it.
 */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
}
