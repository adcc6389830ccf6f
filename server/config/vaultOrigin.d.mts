export function resolveVaultOrigin(env: { VAULT_ORIGIN?: string | undefined }, appOrigins: readonly string[]): { origin: string | undefined; problem: string | undefined }
