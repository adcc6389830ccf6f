/**
 * The release time of a recovery the user left waiting, when `error` is the vault's answer for that
 * (the wallet closed on the recovery's wait: 4001 with `recovery_pending`, connectors/embedded/vault/rpcErrors.ts),
 * found anywhere down its `cause` chain (viem's error, then Sigil's mapping of it). Otherwise undefined.
 */
export function recoveryPendingUntil(error: unknown): string | undefined {
  const seen = new Set<unknown>()
  for (let current = error; current && typeof current === 'object' && !seen.has(current); current = (current as { cause?: unknown }).cause) {
    seen.add(current)
    const { reason, releaseAt } = current as { reason?: unknown; releaseAt?: unknown }
    if (reason === 'recovery_pending' && typeof releaseAt === 'string' && !Number.isNaN(Date.parse(releaseAt))) return releaseAt
  }
  return undefined
}
