import type { Config, Connector } from '@wagmi/core'
import type { Hex } from 'viem'
import { personalSign, type SignableMessage } from '@/connectors/shared/signMessage'
import { ProviderNotFoundError, SessionNotFoundError } from '@/lib/errors/wallet'
import { isProviderLike } from '@/wallet-book/resolve/isProviderLike'

/**
 * Signs with the connected wallet through the shared signing path (`connectors/shared/signMessage`):
 * `personal_sign` with `[hex message, lowercased address]`, issued once more if the connection's
 * chain changes while the signature is awaited. Used by the message panel and by Sign-In with
 * Ethereum alike, for every wallet family.
 *
 * @throws SessionNotFoundError (`No session found`) without a connection.
 */
export async function signPersonalMessage(
  config: Config,
  parameters: { message: SignableMessage; connector?: Connector | undefined },
): Promise<Hex> {
  const uid = parameters.connector?.uid ?? config.state.current
  const connection = uid ? config.state.connections.get(uid) : undefined
  if (!connection) throw new SessionNotFoundError()
  const { connector, accounts } = connection
  const provider = await connector.getProvider()
  if (!isProviderLike(provider)) throw new ProviderNotFoundError()
  return personalSign({
    request: (args) => provider.request(args as never),
    account: accounts[0],
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
}
