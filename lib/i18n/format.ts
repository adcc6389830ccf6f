/** Fills `{name}` placeholders; unknown placeholders are left as they are so a missing value is visible. */
export function format(template: string, values: Record<string, string | number> = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  )
}

/** A moment as messages and emails show it: `YYYY-MM-DD HH:MM`, UTC (the same in every language; the text says "(UTC)"). */
export function utcMinute(date: Date): string {
  return date.toISOString().replace('T', ' ').slice(0, 16)
}
