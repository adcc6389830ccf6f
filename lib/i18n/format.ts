/** Fills `{name}` placeholders; unknown placeholders are left as they are so a missing value is visible. */
export function format(template: string, values: Record<string, string | number> = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  )
}
