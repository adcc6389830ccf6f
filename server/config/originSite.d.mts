export function siteOf(origin: string): string | undefined
export function sameSite(a: string, b: string): boolean
