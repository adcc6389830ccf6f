import { EthereumProvider } from '@walletconnect/ethereum-provider'
import { formatMessage, formatUri } from '@walletconnect/utils'
import type { FormatCacaoMessage } from './oneTapSignIn'
import type { WalletConnectProviderOptions } from './providerOptions'

type Provider = Awaited<ReturnType<typeof EthereumProvider.init>>
type CreatedPairing = { topic: string; expiry: number; relay: { protocol: string; data?: string }; methods?: string[] | undefined }

/**
 * The WalletConnect SDK's chunk: `walletConnectClient` imports this module on first use, so the SDK
 * and what Sigil adds to it load together, never with the first load.
 */
export async function initEthereumProvider(options: WalletConnectProviderOptions): Promise<Provider> {
  const provider = await EthereumProvider.init(options)
  announceUriAtPairing(provider)
  withoutAuthenticateNotice(provider)
  return provider
}

/**
 * One-tap sign-in sends WalletConnect's authenticate request (`oneTapSignIn.ts`). The sign client
 * (2.25, pinned) prints a deprecation notice with `console.warn` on every call (it prefers the newer
 * `connect({authentication})`, which fewer wallets answer yet), so every pairing would leave a warning
 * in the user's console and fail the development console check. Its public `authenticate` only adds
 * that notice and an error log around its engine's `authenticate`; the engine is called directly.
 * Should the SDK change shape, this stays silent and the notice comes back.
 */
function withoutAuthenticateNotice(provider: Provider): void {
  const client = provider.signer.client as unknown as { authenticate?: unknown; engine?: { authenticate?: (...args: unknown[]) => Promise<unknown> } } | undefined
  const engine = client?.engine
  if (!client || typeof engine?.authenticate !== 'function') return
  client.authenticate = (...args: unknown[]) => engine.authenticate!(...args)
}

/**
 * The Sign-In with Ethereum message a CACAO stands for, written by WalletConnect's own formatter (the
 * one its wallet SDK shows and signs), for one-tap sign-in (`oneTapSignIn.ts`).
 */
export const formatCacaoMessage: FormatCacaoMessage = (payload, iss) => formatMessage(payload as never, iss)

/**
 * Emits the provider's `display_uri` as soon as the SDK has made the pairing, instead of after the
 * proposal has gone out. The SDK (2.25, pinned) announces the URI only once `connect()` has encoded
 * the proposal, fetched a Verify API attestation (an iframe to WalletConnect's verify server: a
 * round trip to another host) and published it; the URI itself exists from the first moments of
 * `connect()`, and a wallet that pairs before the proposal is out receives it when it arrives (the
 * relay delivers a topic's messages to its subscribers and keeps them for the proposal's lifetime).
 * So the QR code shows after the pairing's key is made, not after two network round trips.
 *
 * The URI is the SDK's own: `formatUri` with the pairing's topic, symmetric key (from the SDK's
 * keychain), relay, expiry and methods, as its `pairing.create` builds it; the SDK's later
 * `display_uri` repeats the same string (the relay test checks both). Should the SDK's internals
 * change shape, this stays silent and the SDK's own announcement still comes.
 */
function announceUriAtPairing(provider: Provider): void {
  const core = provider.signer.client?.core
  if (!core) return
  core.pairing.events.on('pairing_create', (pairing: CreatedPairing) => {
    let symKey: string
    try {
      symKey = core.crypto.keychain.get(pairing.topic)
    } catch {
      return
    }
    const uri = formatUri({
      protocol: core.protocol,
      version: core.version,
      topic: pairing.topic,
      symKey,
      relay: pairing.relay,
      expiryTimestamp: pairing.expiry,
      methods: pairing.methods,
    })
    provider.events.emit('display_uri', uri)
  })
}
