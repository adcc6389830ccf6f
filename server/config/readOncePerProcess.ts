import { readEnv } from './env'

/**
 * A configuration read from the environment: once per process under `next start`, whose environment
 * is fixed when the process starts, and on every call elsewhere (`next dev` reloads `.env` files,
 * tests change the environment). One build still serves any deployment: nothing is read at build
 * time. A read that throws is not kept, so every request meets (and logs) the misconfiguration.
 */
export function readOncePerProcess<T>(read: () => T): () => T {
  let kept: { value: T } | undefined
  return () => {
    if (kept) return kept.value
    const value = read()
    if (readEnv().production) kept = { value }
    return value
  }
}
