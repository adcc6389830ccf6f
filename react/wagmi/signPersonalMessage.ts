import type { Config, Connector } from '@wagmi/core'
import type { Hex } from 'viem'
import { familyOf } from '@sigil/connectors/shared/lazyConnector'
import { logger } from '@sigil/connectors/shared/logger'
import { parseAddress } from '@sigil/connectors/shared/parseAddress'
import { mapProviderError } from '@sigil/connectors/shared/providerErrors'
import { personalSign, type SignableMessage } from '@sigil/connectors/shared/signMessage'
import { ProviderNotFoundError, SessionNotFoundError } from '@sigil/lib/errors/wallet'
import { isProviderLike } from '@sigil/wallet-book/resolve/isProviderLike'

/**
 * A connector whose signing errors are swallowed (docs/families/coinbaseSmartWallet.md#what-it-does)
 * declares it with this flag — on itself, or, for a lazily loaded family, on the connector its family
 * loaded. A property of the connector, so no screen ever has to recognise a wallet by its name.
 */
type SigningErrorPolicy = { readonly swallowsSigningErrors?: boolean | undefined }

/** Whether a failed signature through `connector` resolves to nothing instead of throwing. */
export function swallowsSigningErrors(connector: object): boolean {
  const own = (connector as SigningErrorPolicy).swallowsSigningErrors
  if (own !== undefined) return own === true
  const loaded = familyOf(connector)?.loaded as SigningErrorPolicy | undefined
  return loaded?.swallowsSigningErrors === true
}

/** How long a signature waits for a connection being restored after a reload (a family may load its SDK first). */
const RESTORE_WAIT_MS = 10_000

/**
 * Resolves once wagmi is no longer restoring connections. Right after a reload the page already
 * shows the connection it rendered from the cookie, but until `reconnect` has finished, the
 * connection holds a stand-in for the connector (no provider) — and a lazily loaded family (the
 * Coinbase Smart Wallet) first loads its module and SDK.
 */
function restored(config: Config): Promise<void> {
  if (config.state.status !== 'reconnecting') return Promise.resolve()
  return new Promise((resolve) => {
    const finish = () => {
      clearTimeout(timer)
      unsubscribe()
      resolve()
    }
    const timer = setTimeout(finish, RESTORE_WAIT_MS)
    const unsubscribe = config.subscribe(
      (state) => state.status,
      (status) => {
        if (status !== 'reconnecting') finish()
      },
    )
  })
}

/**
 * Signs with the connected wallet through the shared signing path (`connectors/shared/signMessage`):
 * `personal_sign` with `[hex message, lowercased address]`, issued once more if the connection's
 * chain changes while the signature is awaited. Used by the message panel and by Sign-In with
 * Ethereum alike, for every wallet family.
 *
 * Resolves to `undefined` — "signature not completed" — only through a connector that swallows its
 * signing errors (`swallowsSigningErrors`): the wallet's error is logged (its code, never the
 * message or signature) and nothing else happens. Every other connector's failure is thrown.
 *
 * While a reload is still restoring the connection, it waits for that first (`RESTORE_WAIT_MS` at most);
 * otherwise nothing but already-settled promises is awaited before `personal_sign`.
 * Only the wallet's own request failing is swallowed; a missing account, a bad message or a
 * malformed answer is thrown for every connector.
 *
 * @throws SessionNotFoundError (`No session found`) without a connection, for every connector.
 */
export async function signPersonalMessage(
  config: Config,
  parameters: { message: SignableMessage; connector?: Connector | undefined },
): Promise<Hex | undefined> {
  // Only a reload still restoring waits here: a connected page goes straight on, so the wallet's
  // popup (the Coinbase Smart Wallet's `window.open`) still runs inside the user's click.
  if (config.state.status === 'reconnecting') await restored(config)
  const uid = parameters.connector?.uid ?? config.state.current
  const connection = uid ? config.state.connections.get(uid) : undefined
  // A connection whose restoring failed or timed out still holds the cookie's stand-in connector.
  if (!connection || typeof connection.connector.getProvider !== 'function') throw new SessionNotFoundError()
  const { connector, accounts } = connection
  // The account is checked here, before anything can be swallowed: a missing or malformed one is
  // always an error ("No session found" / invalid address), whatever the connector's policy.
  if (!accounts[0]) throw new SessionNotFoundError()
  const account = parseAddress(accounts[0])
  const provider = await connector.getProvider()
  if (!isProviderLike(provider)) throw new ProviderNotFoundError()
  const swallows = swallowsSigningErrors(connector)
  // Set when the wallet's own `personal_sign` request failed: the only errors a swallowing connector
  // turns into "not completed" (docs/families/coinbaseSmartWallet.md#what-it-does is about the wallet's
  // signing errors).
  let walletFailed = false
  const signing = personalSign({
    request: async (args) => {
      try {
        return await provider.request(args as never)
      } catch (error) {
        walletFailed = true
        throw error
      }
    },
    account,
    message: parameters.message,
    // Chain changes reach every connector's emitter as `change` events with a chain id.
    watchChainChanged: (listener) => {
      const onChange = (data: { chainId?: number | undefined }) => {
        if (data.chainId !== undefined) listener(data.chainId)
      }
      connector.emitter.on('change', onChange)
      return () => connector.emitter.off('change', onChange)
    },
  })
  if (!swallows) return signing
  try {
    return await signing
  } catch (error) {
    if (!walletFailed) throw error
    const mapped = mapProviderError(error, 'sign')
    logger.warn('sign_not_completed', {
      connector: (connector as { sigil?: { key?: string } }).sigil?.key ?? connector.id,
      code: mapped.code,
      details: mapped.details,
    })
    return undefined
  }
}
