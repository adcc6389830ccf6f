import { ProviderNotFoundError, ProviderNotFoundInitError } from '@sigil/lib/errors/wallet'

/**
 * docs/connectors/retries-and-timeouts.md#connectors-the-browser: wait 1000 ms before looking for the
 * provider again.
 */
export const PROVIDER_RETRY_WAIT_MS = 1000

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/** Throws `No provider found (init connection)` when initialising found no provider. */
export function requireInitProvider<P>(provider: P | undefined | null): P {
  if (provider === undefined || provider === null) throw new ProviderNotFoundInitError()
  return provider
}

/**
 * The provider an address request needs
 * (docs/connectors/lifecycle.md#no-provider-when-an-address-is-asked-for): when there is none, reset
 * and re-initialise the connector, wait 1000 ms (a wallet may still be injecting or pairing), and fail
 * with `No provider found` if there is still none.
 */
export async function getProviderWithRetry<P>(options: {
  getProvider: () => Promise<P | undefined | null> | P | undefined | null
  reset: () => void
  init: () => Promise<unknown>
  wait?: ((ms: number) => Promise<void>) | undefined
}): Promise<P> {
  const { getProvider, reset, init, wait = sleep } = options
  const provider = await getProvider()
  if (provider !== undefined && provider !== null) return provider
  reset()
  // Initialising fails when there is still no provider; the second look below decides.
  await init().catch(() => undefined)
  await wait(PROVIDER_RETRY_WAIT_MS)
  const retried = await getProvider()
  if (retried !== undefined && retried !== null) return retried
  throw new ProviderNotFoundError()
}
