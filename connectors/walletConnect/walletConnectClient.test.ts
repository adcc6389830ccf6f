import { EventEmitter } from 'node:events'
import { PROPOSAL_EXPIRY_MESSAGE as SDK_PROPOSAL_EXPIRY_MESSAGE } from '@walletconnect/sign-client'
import { createConfig, http } from '@wagmi/core'
import { mainnet } from 'viem/chains'
import { describe, expect, it, vi } from 'vitest'
import type { PublicConfig } from '@sigil/lib/config/public'
import { createMemoryStorage } from '../shared/storage'
import { SessionNotFoundError } from '@sigil/lib/errors/wallet'
import { PairingExpiredError, WalletConnectNotConfiguredError } from './errors'
import { isProposalExpiry, isWalletRejection, PROPOSAL_EXPIRY_MESSAGE, WalletRejectedProposalError } from './pairingErrors'
import type { WalletConnectProviderOptions } from './providerOptions'
import { walletConnect } from './walletConnect'
import { createWalletConnectClient, openRelaySocket, PairingCancelledError, type WalletConnectSdkProvider, type WalletConnectSession } from './walletConnectClient'

/**
 * A stand-in for the SDK's EthereumProvider that the test drives proposal by proposal: each
 * `connect()` emits a fresh `display_uri` and waits for the test to approve, reject, expire (the
 * sign client's `proposal_expire` event + its rejection) or approve without a session. The real
 * SDK against the loopback relay is in walletConnect.relay.test.ts; these are the paths a real
 * wallet cannot be made to take on cue.
 */
function fakeSdk() {
  const events = new EventEmitter()
  const clientEvents = new EventEmitter()
  const pending: { id: number; uri: string; approve: (withSession?: boolean) => void; reject: (error: Error) => void; expire: () => void }[] = []
  let proposals = 0
  /** The sign client's store of proposals still pending (`client.proposal.getAll()`). */
  const open = new Set<number>()
  const authenticated: { nonce: string }[] = []
  const session: WalletConnectSession = {
    topic: 'a'.repeat(64),
    namespaces: { eip155: { chains: ['eip155:1'], accounts: ['eip155:1:0x70997970C51812dc3A010C7d01b50e0d17dc79C8'], methods: ['personal_sign'], events: [] } },
    peer: { metadata: { name: 'Wallet', url: 'https://wallet.example', icons: [] } },
  }
  const provider: WalletConnectSdkProvider & { disconnects: number; authenticate: (params: { nonce: string }) => Promise<unknown>; emitUri: (uri: string) => void } = {
    session: undefined,
    /** The SDK's own `display_uri`, sent again for a proposal once it is published. */
    emitUri: (uri) => void events.emit('display_uri', uri),
    accounts: [],
    chainId: 1,
    disconnects: 0,
    connect: () =>
      new Promise<void>((resolve, reject) => {
        const id = ++proposals
        const uri = `wc:${String(id).padStart(64, '0')}@2?relay-protocol=irn&symKey=${'1'.repeat(64)}`
        open.add(id)
        pending.push({
          id,
          uri,
          approve: (withSession = true) => {
            open.delete(id)
            if (withSession) provider.session = session
            resolve()
          },
          reject: (error) => {
            open.delete(id)
            reject(error)
          },
          expire: () => {
            open.delete(id)
            clientEvents.emit('proposal_expire', { id })
            reject(new Error(PROPOSAL_EXPIRY_MESSAGE))
          },
        })
        queueMicrotask(() => events.emit('display_uri', uri))
      }),
    // One-tap sign-in: the SDK's authenticate request, answered here by the proposal sent alongside
    // (no CACAO); its expiry is only the companion proposal's event, since the request itself waits
    // an hour (then rejects with the SDK's "Request expired": `reject` with it).
    authenticate: (params: { nonce: string }) =>
      new Promise((resolve, reject) => {
        authenticated.push(params)
        const id = ++proposals
        const uri = `wc:${String(id).padStart(64, '0')}@2?relay-protocol=irn&symKey=${'2'.repeat(64)}`
        open.add(id)
        pending.push({
          id,
          uri,
          approve: (withSession = true) => {
            open.delete(id)
            if (withSession) provider.session = session
            resolve({ session })
          },
          reject: (error) => {
            open.delete(id)
            reject(error)
          },
          expire: () => {
            open.delete(id)
            clientEvents.emit('proposal_expire', { id })
          },
        })
        queueMicrotask(() => events.emit('display_uri', uri))
      }),
    disconnect: async () => {
      provider.disconnects += 1
      provider.session = undefined
    },
    request: async () => null,
    on: (event, listener) => events.on(event, listener as never),
    removeListener: (event, listener) => events.removeListener(event, listener as never),
    signer: {
      client: {
        on: (event, listener) => clientEvents.on(event, listener as never),
        off: (event, listener) => clientEvents.off(event, listener as never),
        proposal: { getAll: () => [...open].map((id) => ({ id })) },
      },
    },
  }
  const latest = () => pending.at(-1)!
  return { provider, pending, latest, session, authenticated, get proposals() { return proposals } }
}

const options = { projectId: 'test' } as WalletConnectProviderOptions

function setup(maxAttempts?: number, signInOfferMs?: number) {
  const sdk = fakeSdk()
  const loadSdk = vi.fn(async () => sdk.provider)
  const client = createWalletConnectClient({ getOptions: () => options, loadSdk, maxAttempts, signInOfferMs })
  const uris: (string | undefined)[] = []
  client.pairing.subscribe(() => uris.push(client.pairing.getSnapshot().uri))
  return { sdk, client, loadSdk, uris }
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('createWalletConnectClient pairing', () => {
  it('shows each new proposal’s URI, never an expired one, while someone waits', async () => {
    const { sdk, client } = setup()
    const pairing = client.pair()
    await tick()
    expect(client.pairing.getSnapshot()).toMatchObject({ status: 'pairing', attempt: 1, uri: sdk.pending[0]!.uri })
    sdk.latest().expire()
    await tick()
    expect(client.pairing.getSnapshot()).toMatchObject({ status: 'pairing', attempt: 2, uri: sdk.pending[1]!.uri })
    expect(sdk.pending[1]!.uri).not.toBe(sdk.pending[0]!.uri)
    sdk.latest().approve()
    await expect(pairing).resolves.toBe(sdk.session)
    expect(client.pairing.getSnapshot()).toMatchObject({ status: 'connected', uri: undefined })
  })

  it('stops after 10 proposals expire, clears the URI and fails with the pairing-expired error', async () => {
    const { sdk, client } = setup()
    const pairing = client.pair()
    const outcome = pairing.catch((error: unknown) => error)
    for (let attempt = 1; attempt <= 10; attempt++) {
      await tick()
      expect(client.pairing.getSnapshot().attempt).toBe(attempt)
      sdk.latest().expire()
    }
    const error = await outcome
    expect(error).toBeInstanceOf(PairingExpiredError)
    expect((error as PairingExpiredError).message).toBe('The QR code expired 10 times without a wallet connecting. Try again for a new code.')
    expect(sdk.proposals).toBe(10)
    expect(client.pairing.getSnapshot()).toMatchObject({ status: 'exhausted', uri: undefined })
    // "Try again" starts a new run from attempt 1.
    void client.pair().catch(() => undefined)
    await tick()
    expect(client.pairing.getSnapshot()).toMatchObject({ status: 'pairing', attempt: 1, uri: sdk.pending[10]!.uri })
  })

  it('an SDK that could not load ends the run: the prepared pairing settles, and the next pair() tries again instead of repeating that failure', async () => {
    const sdk = fakeSdk()
    let fails = true
    const loadSdk = vi.fn(async () => {
      if (fails) throw new Error('Loading chunk 417 failed.')
      return sdk.provider
    })
    const client = createWalletConnectClient({ getOptions: () => options, loadSdk })
    await client.prepare()
    expect(client.pairingInProgress).toBe(false)
    // Back online: the user taps again.
    fails = false
    const pairing = client.pair()
    await tick()
    expect(sdk.proposals).toBe(1)
    sdk.latest().approve()
    await expect(pairing).resolves.toBe(sdk.session)
  })

  it('a prepared pairing nobody waits for is not renewed when it expires; the next pair() starts afresh', async () => {
    const { sdk, client } = setup()
    client.prepare()
    await tick()
    expect(client.pairing.getSnapshot().uri).toBe(sdk.pending[0]!.uri)
    sdk.latest().expire()
    await tick()
    expect(sdk.proposals).toBe(1)
    expect(client.pairing.getSnapshot()).toMatchObject({ status: 'idle', uri: undefined })
    const pairing = client.pair()
    await tick()
    expect(sdk.proposals).toBe(2)
    sdk.latest().approve()
    await expect(pairing).resolves.toBe(sdk.session)
  })

  it('joins the prepared pairing instead of starting another (the phone’s deep link already carries its URI)', async () => {
    const { sdk, client } = setup()
    client.prepare()
    await tick()
    const uri = client.pairing.getSnapshot().uri
    const pairing = client.pair()
    await tick()
    expect(sdk.proposals).toBe(1)
    expect(client.pairing.getSnapshot().uri).toBe(uri)
    sdk.latest().approve()
    await expect(pairing).resolves.toBe(sdk.session)
  })

  it('on a wallet rejection resets the URI, re-initialises the provider at once and rethrows it marked as a rejection', async () => {
    const { sdk, client, loadSdk } = setup()
    const pairing = client.pair()
    await tick()
    const rejection = new Error('User rejected.')
    sdk.latest().reject(rejection)
    await expect(pairing).rejects.toBeInstanceOf(WalletRejectedProposalError)
    await expect(pairing).rejects.toMatchObject({ cause: rejection })
    expect(client.pairing.getSnapshot()).toMatchObject({ status: 'idle', uri: undefined })
    await tick()
    // Re-initialised (lifecycle initialised again), and a new pair() gets a fresh URI at once.
    expect(client.provider).toBe(sdk.provider)
    expect(loadSdk).toHaveBeenCalledTimes(1)
    void client.pair().catch(() => undefined)
    await tick()
    expect(client.pairing.getSnapshot().uri).toBe(sdk.pending[1]!.uri)
  })

  it('a failure that is not a wallet rejection (relay refusal) is rethrown unmarked', async () => {
    const { sdk, client } = setup()
    const pairing = client.pair()
    await tick()
    const refusal = new Error('WebSocket connection closed abnormally with code: 3000 (Unauthorized: invalid key)')
    sdk.latest().reject(refusal)
    await expect(pairing).rejects.toBe(refusal)
    await pairing.catch((error: unknown) => expect(isWalletRejection(error)).toBe(false))
  })

  it('isWalletRejection finds the mark through a cause chain and nowhere else', () => {
    const marked = new WalletRejectedProposalError({ cause: new Error('User rejected.') })
    expect(isWalletRejection(new Error('wrapped', { cause: marked }))).toBe(true)
    expect(isWalletRejection(new Error('User rejected.'))).toBe(false)
    expect(isWalletRejection('User rejected.')).toBe(false)
  })

  it('fails with "No session found" when the wallet approved but the SDK holds no session', async () => {
    const { sdk, client } = setup()
    const pairing = client.pair()
    await tick()
    sdk.latest().approve(false)
    await expect(pairing).rejects.toBeInstanceOf(SessionNotFoundError)
    await expect(pairing).rejects.toThrow('No session found')
  })

  it('abandon() releases the waiters at once and disconnects a late approval', async () => {
    const { sdk, client } = setup()
    const pairing = client.pair()
    await tick()
    client.abandon()
    await expect(pairing).rejects.toBeInstanceOf(PairingCancelledError)
    expect(client.pairing.getSnapshot()).toMatchObject({ status: 'idle', uri: undefined })
    sdk.pending[0]!.approve()
    await tick()
    await tick()
    expect(sdk.provider.disconnects).toBe(1)
    expect(sdk.provider.session).toBeUndefined()
  })

  it('a URI the SDK repeats for an abandoned proposal (its own announcement, once the proposal is out) never replaces the next pairing’s', async () => {
    const { sdk, client } = setup()
    void client.pair().catch(() => undefined)
    await tick()
    const abandoned = sdk.pending[0]!.uri
    client.abandon()
    const next = client.pair()
    await tick()
    expect(client.pairing.getSnapshot().uri).toBe(sdk.pending[1]!.uri)
    // The SDK announces each URI again after publishing its proposal: on a busy machine the
    // abandoned one's came after the next pairing's own, and the Ledger view handed it on.
    sdk.provider.emitUri(abandoned)
    expect(client.pairing.getSnapshot().uri).toBe(sdk.pending[1]!.uri)
    sdk.pending[1]!.approve()
    await expect(next).resolves.toBe(sdk.session)
  })

  it('a URI the SDK repeats for an expired proposal never replaces the renewed one', async () => {
    const { sdk, client } = setup()
    const pairing = client.pair()
    await tick()
    const expired = sdk.pending[0]!.uri
    sdk.pending[0]!.expire()
    await vi.waitFor(() => expect(client.pairing.getSnapshot().uri).toBe(sdk.pending[1]?.uri))
    sdk.provider.emitUri(expired)
    expect(client.pairing.getSnapshot()).toMatchObject({ attempt: 2, uri: sdk.pending[1]!.uri })
    sdk.pending[1]!.approve()
    await expect(pairing).resolves.toBe(sdk.session)
  })

  it('an unconfigured deployment fails every pairing with the typed error and can retry later', async () => {
    let projectId = ''
    const loadSdk = vi.fn(async () => fakeSdk().provider)
    const client = createWalletConnectClient({
      getOptions: () => {
        if (!projectId) throw new WalletConnectNotConfiguredError()
        return options
      },
      loadSdk,
    })
    await expect(client.pair()).rejects.toBeInstanceOf(WalletConnectNotConfiguredError)
    expect(loadSdk).not.toHaveBeenCalled()
    projectId = 'test'
    await expect(client.init()).resolves.toBeDefined()
  })

  it('endSession disconnects the session and returns to uninitialised', async () => {
    const { sdk, client } = setup()
    const pairing = client.pair()
    await tick()
    sdk.latest().approve()
    await pairing
    await client.endSession()
    expect(sdk.provider.disconnects).toBe(1)
    expect(client.provider).toBeUndefined()
    expect(client.pairing.getSnapshot()).toMatchObject({ status: 'idle', uri: undefined, attempt: 0 })
  })
})

describe('a pairing that carries a one-tap sign-in', () => {
  /**
   * The page's offer: a fresh nonce each time it is asked, as `GET /api/auth/nonce` gives; `fetching`
   * runs first (with the fetch's number, from 1), to hold or fail that fetch.
   */
  function offerNonces(client: ReturnType<typeof setup>['client'], fetching?: (fetch: number) => Promise<void> | void) {
    let issued = 0
    client.offerSignIn(async () => {
      const fetch = ++issued
      await fetching?.(fetch)
      return { nonce: `nonce${String(fetch).padStart(8, '0')}`, origin: 'https://sigil.example', chainIds: [1] }
    })
  }
  const until = async (check: () => boolean) => {
    await vi.waitFor(() => expect(check()).toBe(true), { timeout: 2_000, interval: 5 })
  }

  it('is renewed with a fresh nonce once its nonce is too old to sign, with a new QR code, and connects on the renewed one', async () => {
    const { sdk, client, uris } = setup(undefined, 60)
    offerNonces(client)
    const pairing = client.pair()
    await until(() => sdk.authenticated.length === 1)
    await tick()
    const first = sdk.pending[0]!.uri
    expect(client.pairing.getSnapshot()).toMatchObject({ status: 'pairing', attempt: 1, uri: first })
    // No wallet answers: at the nonce's age limit the page asks again, with another nonce and another code.
    await until(() => sdk.authenticated.length === 2)
    await tick()
    expect(sdk.authenticated.map((request) => request.nonce)).toEqual(['nonce00000001', 'nonce00000002'])
    expect(client.pairing.getSnapshot()).toMatchObject({ status: 'pairing', attempt: 2, uri: sdk.pending[1]!.uri })
    expect(sdk.pending[1]!.uri).not.toBe(first)
    // The old code is taken down as its request lapses, before the next nonce and code come, and
    // never shown again.
    const between = uris.slice(uris.indexOf(first) + 1, uris.indexOf(sdk.pending[1]!.uri))
    expect(between).toContain(undefined)
    expect(uris.slice(uris.indexOf(first) + 1)).not.toContain(first)
    sdk.latest().approve()
    await expect(pairing).resolves.toBe(sdk.session)
    expect(client.pairing.getSnapshot()).toMatchObject({ status: 'connected', uri: undefined })
  })

  it('counts each renewal as an attempt: after 3, the pairing-expired error and "Try again"', async () => {
    const { sdk, client } = setup(3, 20)
    offerNonces(client)
    const error = await client.pair().catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(PairingExpiredError)
    expect(sdk.authenticated).toHaveLength(3)
    expect(client.pairing.getSnapshot()).toMatchObject({ status: 'exhausted', uri: undefined })
  })

  it('a prepared one nobody waits for lapses without renewal', async () => {
    const { sdk, client } = setup(undefined, 20)
    offerNonces(client)
    await client.prepare()
    await until(() => client.pairing.getSnapshot().status === 'idle')
    await new Promise((resolve) => setTimeout(resolve, 60))
    expect(sdk.authenticated).toHaveLength(1)
  })

  it('an approval of the lapsed request that lands after the renewed request went out is taken: connected, no session left behind', async () => {
    const { sdk, client } = setup(undefined, 60)
    offerNonces(client)
    const pairing = client.pair()
    await until(() => sdk.authenticated.length === 2)
    // The user approved the first code just before the renewal; the answer arrives now.
    sdk.pending[0]!.approve()
    await expect(pairing).resolves.toBe(sdk.session)
    expect(client.pairing.getSnapshot()).toMatchObject({ status: 'connected', uri: undefined })
    expect(sdk.provider.disconnects).toBe(0)
  })

  it('an approval of the lapsed request that lands while the next nonce is fetched is taken, and no new request is sent', async () => {
    const { sdk, client } = setup(undefined, 60)
    let fetches = 0
    let release: () => void = () => undefined
    offerNonces(client, (fetch) => {
      fetches = fetch
      if (fetch === 2) return new Promise<void>((resolve) => (release = resolve))
    })
    const pairing = client.pair()
    await until(() => fetches === 2)
    sdk.pending[0]!.approve()
    await expect(pairing).resolves.toBe(sdk.session)
    release()
    await tick()
    expect(sdk.authenticated).toHaveLength(1)
  })

  it('abandoned while its nonce is fetched, a pairing sends no request: the next pairing’s QR code is the only one made', async () => {
    const { sdk, client } = setup()
    let release: () => void = () => undefined
    offerNonces(client, (fetch) => {
      if (fetch === 1) return new Promise<void>((resolve) => (release = resolve))
    })
    void client.pair().catch(() => undefined)
    await tick()
    client.abandon()
    const next = client.pair()
    await until(() => sdk.authenticated.length === 1)
    const shown = client.pairing.getSnapshot().uri
    release()
    await tick()
    await tick()
    expect(sdk.authenticated.map((request) => request.nonce)).toEqual(['nonce00000002'])
    expect(client.pairing.getSnapshot().uri).toBe(shown)
    sdk.latest().approve()
    await expect(next).resolves.toBe(sdk.session)
  })

  it('a request the SDK itself ended (its hour out, the page hidden all along) is renewed, not shown as a failure', async () => {
    const { sdk, client } = setup(undefined, 60_000)
    offerNonces(client)
    const pairing = client.pair()
    await until(() => sdk.authenticated.length === 1)
    sdk.latest().reject(new Error('Request expired'))
    await until(() => sdk.authenticated.length === 2)
    expect(client.pairing.getSnapshot()).toMatchObject({ status: 'pairing', attempt: 2 })
    sdk.latest().approve()
    await expect(pairing).resolves.toBe(sdk.session)
  })

  it('closing the view stops the lapse’s timer at once, not when it would have lapsed', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    try {
      const { sdk, client } = setup(undefined, 240_000)
      offerNonces(client)
      const pairing = client.pair().catch((caught: unknown) => caught)
      await vi.waitFor(() => expect(sdk.authenticated).toHaveLength(1))
      expect(vi.getTimerCount()).toBe(1)
      client.abandon()
      expect(await pairing).toBeInstanceOf(PairingCancelledError)
      expect(vi.getTimerCount()).toBe(0)
      // A wallet that approves afterwards leaves no session.
      sdk.latest().approve()
      await vi.waitFor(() => expect(sdk.provider.disconnects).toBe(1))
    } finally {
      vi.useRealTimers()
    }
  })

  it('a wallet’s “no” to the plain proposal is a “no”, though an earlier request’s companion proposal expires meanwhile', async () => {
    const { sdk, client } = setup(undefined, 60)
    // The renewal's nonce cannot be fetched: the page pairs plainly, and signs in in two steps later.
    offerNonces(client, (fetch) => {
      if (fetch > 1) throw new Error('offline')
    })
    const outcome = client.pair().catch((caught: unknown) => caught)
    await until(() => sdk.pending.length === 2)
    sdk.pending[0]!.expire()
    sdk.latest().reject(new Error('User rejected.'))
    expect(await outcome).toBeInstanceOf(WalletRejectedProposalError)
    expect(sdk.pending).toHaveLength(2)
  })

  it('a wallet’s “no” after an earlier proposal’s expiry is still a “no”, not a renewal', async () => {
    // The companion proposal of a lapsed request expires later, during the next attempt: that event
    // is not this attempt's.
    const { sdk, client } = setup(undefined, 60_000)
    offerNonces(client)
    const pairing = client.pair()
    const outcome = pairing.catch((caught: unknown) => caught)
    await until(() => sdk.authenticated.length === 1)
    sdk.latest().expire()
    sdk.latest().reject(new Error('User rejected.'))
    expect(await outcome).toBeInstanceOf(WalletRejectedProposalError)
    expect(sdk.authenticated).toHaveLength(1)
  })
})

describe('isProposalExpiry', () => {
  it('matches exactly the sign client’s proposal-expiry message (kept equal to the SDK’s constant)', () => {
    expect(PROPOSAL_EXPIRY_MESSAGE).toBe(SDK_PROPOSAL_EXPIRY_MESSAGE)
    expect(isProposalExpiry(new Error(SDK_PROPOSAL_EXPIRY_MESSAGE))).toBe(true)
    expect(isProposalExpiry(new Error('User rejected.'))).toBe(false)
    expect(isProposalExpiry(SDK_PROPOSAL_EXPIRY_MESSAGE)).toBe(false)
  })
})

describe('walletConnect connector with the shared client', () => {
  const publicConfig: PublicConfig = { chainIds: [1], rpcUrls: {}, walletConnectProjectId: 'test', appOrigins: ['http://localhost:3000'] }

  function connectors(client: ReturnType<typeof setup>['client']) {
    const storage = createMemoryStorage()
    const config = createConfig({
      chains: [mainnet],
      transports: { [mainnet.id]: http('http://127.0.0.1:9') },
      storage: null,
      connectors: [walletConnect({ publicConfig, client, storage }), walletConnect({ publicConfig, client, storage, wallet: 'rainbow' })],
    })
    return config.connectors as unknown as { prepare(context: { isMobile: boolean }): void | Promise<void>; isReady(): boolean; getAccounts(): Promise<unknown> }[]
  }

  it('the desktop warm-up (the user reaching for the row) initialises the SDK once but sends no proposal', async () => {
    const { sdk, client, loadSdk } = setup()
    connectors(client)[0]!.prepare({ isMobile: false })
    connectors(client)[1]!.prepare({ isMobile: false })
    await tick()
    expect(loadSdk).toHaveBeenCalledTimes(1)
    expect(client.provider).toBeDefined()
    expect(sdk.pending).toEqual([])
    expect(client.pairing.getSnapshot()).toMatchObject({ status: 'idle', uri: undefined })
  })

  it('the phone warm-up pairs ahead, so a URI is ready before the tap', async () => {
    const { sdk, client } = setup()
    connectors(client)[0]!.prepare({ isMobile: true })
    await tick()
    expect(client.pairing.getSnapshot()).toMatchObject({ status: 'pairing', uri: sdk.pending[0]!.uri })
    client.abandon()
  })

  it('on a phone a tap waits for the URI each warm-up prepares ahead; a pairing started otherwise never holds the row back', async () => {
    const { sdk, client } = setup()
    const rainbow = connectors(client)[1]!
    // Nothing prepared (a module loaded to restore a session): a tap opens the view at once.
    expect(rainbow.isReady()).toBe(true)
    const settled = rainbow.prepare({ isMobile: true })
    // The SDK is still on its way: a tap now is kept, not sent to a view without a link.
    expect(rainbow.isReady()).toBe(false)
    await settled
    expect(client.pairing.getSnapshot().uri).toBe(sdk.pending[0]!.uri)
    expect(rainbow.isReady()).toBe(true)
    // The dialog closed and its proposal lapsed with nobody waiting; the dialog opens again and pairs ahead again.
    sdk.latest().expire()
    await tick()
    expect(client.pairing.getSnapshot()).toMatchObject({ status: 'idle', uri: undefined })
    const again = rainbow.prepare({ isMobile: true })
    expect(rainbow.isReady()).toBe(false)
    await again
    expect(client.pairing.getSnapshot().uri).toBe(sdk.pending[1]!.uri)
    expect(rainbow.isReady()).toBe(true)
    // A pairing no warm-up started (the QR view's, after the URI was used): nothing would say when it is ready.
    client.abandon()
    void client.pair().catch(() => undefined)
    expect(rainbow.isReady()).toBe(true)
    client.abandon()
  })

  it('on a phone, an SDK that cannot load settles the warm-up at once: the kept tap then acts and says so, not 15 s later', async () => {
    const loadSdk = vi.fn(async (): Promise<WalletConnectSdkProvider> => {
      throw new Error('Loading chunk 417 failed.')
    })
    const client = createWalletConnectClient({ getOptions: () => options, loadSdk })
    const rainbow = connectors(client)[1]!
    const settled = rainbow.prepare({ isMobile: true })
    expect(rainbow.isReady()).toBe(false)
    const first = await Promise.race([Promise.resolve(settled).then(() => 'settled'), new Promise((resolve) => setTimeout(() => resolve('still waiting'), 1_000))])
    expect(first).toBe('settled')
    expect(rainbow.isReady()).toBe(true)
  })

  it('a computer’s warm-up never holds a row back', async () => {
    const { client } = setup()
    const rainbow = connectors(client)[1]!
    void rainbow.prepare({ isMobile: false })
    expect(rainbow.isReady()).toBe(true)
    await tick()
    expect(rainbow.isReady()).toBe(true)
  })

  it('a stray address request without a session does not cancel another connector’s pairing under way', async () => {
    const { sdk, client } = setup()
    const [generic, rainbow] = connectors(client)
    const pairing = client.pair()
    // Before the SDK shows a URI: the state in which a reset used to drop the pairing.
    expect(client.pairing.getSnapshot().uri).toBeUndefined()
    const stray = rainbow!.getAccounts().catch((error: unknown) => error)
    await tick()
    expect(generic).toBeDefined()
    expect(client.pairingInProgress).toBe(true)
    sdk.latest().approve()
    await expect(pairing).resolves.toBe(sdk.session)
    await stray
  })
})

describe('openRelaySocket (the warm-up on intent)', () => {
  function withRelayer(relayer: { connected?: boolean; toEstablishConnection?: () => Promise<void> } | undefined): WalletConnectSdkProvider {
    const listener = () => undefined
    return {
      accounts: [],
      chainId: 1,
      connect: async () => undefined,
      disconnect: async () => undefined,
      request: async () => null,
      on: listener,
      removeListener: listener,
      signer: { client: { on: listener, off: listener, core: { relayer } } },
    }
  }

  it('opens the socket of an SDK that has none yet', async () => {
    const toEstablishConnection = vi.fn(async () => undefined)
    await openRelaySocket(withRelayer({ connected: false, toEstablishConnection }))
    expect(toEstablishConnection).toHaveBeenCalledTimes(1)
  })

  it('leaves an open socket alone, and an SDK without the method stays an init', async () => {
    const toEstablishConnection = vi.fn(async () => undefined)
    await openRelaySocket(withRelayer({ connected: true, toEstablishConnection }))
    expect(toEstablishConnection).not.toHaveBeenCalled()
    await expect(openRelaySocket(withRelayer({ connected: false }))).resolves.toBeUndefined()
    await expect(openRelaySocket(withRelayer(undefined))).resolves.toBeUndefined()
  })
})
