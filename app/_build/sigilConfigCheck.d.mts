import type { SigilConfig } from '@sigil/lib/config/sigilConfig'

export function sigilConfigPath(root: string, env: Record<string, string | undefined>): string
export function sigilConfigAlias(root: string, env: Record<string, string | undefined>): string
export function checkSigilConfigFile(root: string, env: Record<string, string | undefined>): Promise<SigilConfig>
