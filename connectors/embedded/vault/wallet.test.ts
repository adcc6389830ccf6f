import { createHmac } from 'node:crypto'
import { describe, expect, it, vi } from 'vitest'
import { recoveryKeyPair } from '@sigil/server/embedded/recoveryKey'
import type { EmbeddedApi } from './api'
import { fromBase64Url, randomBytes, toBase64Url, utf8 } from '@sigil/lib/embedded/crypto/bytes'
import { additionalData, generateDataKeyBytes, importDataKey, seal } from '@sigil/lib/embedded/crypto/keyWrapping'
import { openWithPrivateKey, sealToPublicKey, type Envelope } from '@sigil/lib/embedded/crypto/sealToPublicKey'
import { EmbeddedApiError, EmbeddedWalletError, PrfUnsupportedError, UnlockFailedError } from '@sigil/lib/embedded/errors'
import { nextWalletEvent } from '@sigil/lib/embedded/walletLog'
import { mnemonicToVaultAccount } from './keyAccount'
import { createMemoryVaultStorage } from './vaultStorage'
import { CREATE_PARTS_MAX_AGE_MS, createEmbeddedWallet, type Passkeys } from './wallet'

/**
 * The wallet's key life cycle with the browser parts replaced at their edges: passkeys whose PRF is an
 * HMAC of a per-credential secret (what an authenticator's hmac-secret is), an API kept in memory
 * whose recovery side seals with a real recovery key pair, and vaults in memory.
 */

function fakePasskeys(options: { prf?: boolean } = {}) {
  const secrets = new Map<string, Buffer>()
  let active: string | undefined
  const passkeys: Passkeys = {
    create: vi.fn(async (_options, prfSalt: Uint8Array) => {
      if (options.prf === false) throw new PrfUnsupportedError()
      const credentialId = toBase64Url(randomBytes(16))
      secrets.set(credentialId, Buffer.from(randomBytes(32)))
      active = credentialId
      const prfOutput = new Uint8Array(createHmac('sha256', secrets.get(credentialId)!).update(prfSalt).digest())
      return { credentialId, prfOutput, registration: { id: credentialId } as never }
    }),
    evaluate: vi.fn(async ({ credentialId, prfSalt }: { credentialId: string; prfSalt: Uint8Array }) => {
      // The authenticator answers with whichever passkey it holds now (a replaced one gives other bytes).
      const secret = secrets.get(credentialId) ?? secrets.get(active!)!
      return new Uint8Array(createHmac('sha256', secret).update(prfSalt).digest())
    }),
    forget: vi.fn(),
    assert: vi.fn(() => Promise.reject(new Error('no assertion in this test'))),
  }
  return { passkeys, loseAll: () => secrets.clear(), replaceWithStranger: () => secrets.forEach((_, id) => secrets.set(id, Buffer.from(randomBytes(32)))) }
}

function notUsedHere<K extends keyof EmbeddedApi>(names: K[]): Pick<EmbeddedApi, K> {
  return Object.fromEntries(names.map((name) => [name, () => Promise.reject(new Error(`${name} is not used in this test`))])) as unknown as Pick<EmbeddedApi, K>
}

async function fakeApi() {
  const server = await recoveryKeyPair(randomBytes(32))
  const wallets = new Map<string, { address: `0x${string}`; email: string; recovery: Envelope; vault: { iv: string; ct: string } }>()
  const bodies: string[] = []
  const api: EmbeddedApi = {
    requestEmailCode: async () => ({ requestId: 'v'.repeat(22), expiresInSeconds: 900 }),
    verifyEmailCode: async () => ({ email: 'a@example.test', expiresAt: '' }),
    walletOptions: async () => ({ walletId: toBase64Url(randomBytes(16)), options: { rp: { id: 'localhost' } } as never, recoveryPublicKey: server.publicKeyBase64Url }),
    createWallet: async (body) => {
      bodies.push(JSON.stringify(body))
      wallets.set(body.walletId, { address: body.address, email: body.email, recovery: body.recovery, vault: body.vault })
      return { walletId: body.walletId, address: body.address }
    },
    requestRecoveryCode: async () => ({ requestId: 'r'.repeat(22), expiresInSeconds: 900 }),
    verifyRecoveryCode: async () => ({ wallets: [...wallets].map(([walletId, wallet]) => ({ walletId, address: wallet.address, createdAt: '2030-01-01T00:00:00.000Z' })), expiresAt: '' }),
    recoveryKey: async ({ walletId, publicKey }) => {
      const wallet = wallets.get(walletId)!
      const raw = await openWithPrivateKey(server, wallet.recovery, additionalData.recovery(walletId))
      return { walletId, address: wallet.address, email: wallet.email, vault: wallet.vault, options: { rp: { id: 'localhost' } } as never, wrappedKey: await sealToPublicKey(fromBase64Url(publicKey), raw, additionalData.recovery(walletId)) }
    },
    completeRecovery: async ({ walletId }) => ({ walletId, address: wallets.get(walletId)!.address }),
    // Adding a device and the log are tested on the real routes (server/embedded/pairingRoutes.test.ts) and in e2e.
    ...notUsedHere(['deviceChallenge', 'startPairing', 'pairingStatus', 'approvePairing', 'cancelPairing', 'peekPairing', 'claimPairing', 'pairingPackage', 'completePairing', 'walletLog', 'walletSettings']),
    startRecovery: async (walletId) => ({ walletId, address: wallets.get(walletId)!.address, state: 'started', startedAt: '', releaseAt: '', secondsLeft: 0 }),
    recoveryPending: async () => {
      throw new Error('not used here')
    },
    walletChallenge: async () => ({ challenge: 'c'.repeat(43) }),
    walletRecoveries: async () => ({ recoveries: [] }),
    cancelWalletRecovery: async ({ recoveryId }) => ({ recoveryId, state: 'cancelled' }),
  }
  return { api, bodies }
}

describe('embedded wallet keys', () => {
  it('refuses a pairing code that cannot be one with its own typed error, before anything is sent', async () => {
    const { api } = await fakeApi()
    const claim = vi.spyOn(api, 'claimPairing')
    const wallet = createEmbeddedWallet({ api, vaults: createMemoryVaultStorage(), passkeys: fakePasskeys().passkeys })
    for (const code of ['', 'ABCDE', 'ABCDE-FGHJU', 'ABCDE-FGHJK-1']) await expect(wallet.joinWithCode(code)).rejects.toMatchObject({ code: 'embedded_pairing_code_format' })
    expect(claim).not.toHaveBeenCalled()
  })

  it("remembers the newest log entry it checked: a later log cut short (a recovery or a settings change dropped by the server) no longer reads as verified", async () => {
    const walletId = 'w'.repeat(22)
    const address = mnemonicToVaultAccount('test test test test test test test test test test test junk').address
    const sealed = await seal(await importDataKey(generateDataKeyBytes()), utf8('x'), additionalData.mnemonic(walletId))
    const vaults = createMemoryVaultStorage([{ version: 1, walletId, address, email: 'ann@example.test', credentialId: 'c', prfSalt: 's', wrappedKey: sealed, mnemonic: sealed, savedAt: '2030-01-01T00:00:00.000Z' }])
    const created = nextWalletEvent(undefined, { walletId, kind: 'created', at: new Date('2030-01-01T00:00:00.000Z'), detail: { address } })
    const off = nextWalletEvent(created, { walletId, kind: 'settings_changed', at: new Date('2030-01-02T00:00:00.000Z'), detail: { emailRecovery: false, recoveryDelaySeconds: null } })
    const started = nextWalletEvent(off, { walletId, kind: 'recovery_started', at: new Date('2030-01-03T00:00:00.000Z'), detail: { recoveryId: 'r'.repeat(22) } })
    let served = [created, off]
    const wire = (events: typeof served) => events.map((event) => ({ ...event, at: event.at.toISOString() }))
    const api = {
      deviceChallenge: vi.fn(async () => ({ options: { challenge: 'x' } })),
      walletLog: vi.fn(async () => ({ walletId, events: wire(served) })),
    } as unknown as EmbeddedApi
    const passkeys = { ...fakePasskeys().passkeys, assert: vi.fn(async () => ({ assertion: {} })) } as unknown as Passkeys
    const wallet = createEmbeddedWallet({ api, vaults, passkeys })
    expect((await wallet.activity(address)).check).toMatchObject({ ok: true, entries: 2 })
    served = [created, off, started]
    expect((await wallet.activity(address)).check).toMatchObject({ ok: true, entries: 3 })
    // The server drops the two newest entries: the chain still links up from the first one.
    served = [created]
    expect((await wallet.activity(address)).check).toEqual({ ok: false, brokenAt: 3, reason: 'rewound' })
    // An entry rewritten in place (same sequence, another hash) is caught the same way.
    served = [created, off, nextWalletEvent(off, { walletId, kind: 'device_added', at: new Date('2030-01-03T00:00:00.000Z'), detail: { credentialId: 'c2' } })]
    expect((await wallet.activity(address)).check).toEqual({ ok: false, brokenAt: 3, reason: 'rewound' })
  })

  it('opens no pairing package that arrives after the joining device was discarded (Back while the poll was out)', async () => {
    const mnemonic = 'test test test test test test test test test test test junk'
    const walletId = 'w'.repeat(22)
    const raw = generateDataKeyBytes()
    const vault = await seal(await importDataKey(raw), utf8(mnemonic), additionalData.mnemonic(walletId))
    let publicKey = ''
    let release!: () => void
    const answered = new Promise<void>((resolve) => (release = resolve))
    const api = {
      claimPairing: vi.fn(async (_code: string, key: string) => {
        publicKey = key
        return { pairingId: 'P1', claimToken: 'ct', expiresAt: '' }
      }),
      pairingPackage: vi.fn(async () => {
        await answered
        return { state: 'approved', walletId, address: mnemonicToVaultAccount(mnemonic).address, email: 'ann@example.test', sealedKey: await sealToPublicKey(fromBase64Url(publicKey), raw, additionalData.pairing(walletId, 'P1')), vault, options: { rp: { id: 'x' } } }
      }),
    } as unknown as EmbeddedApi
    const wallet = createEmbeddedWallet({ api, vaults: createMemoryVaultStorage(), passkeys: fakePasskeys().passkeys })
    const device = await wallet.joinWithCode('ABCDE-12345')
    const waiting = device.waitForApproval(new AbortController().signal)
    await vi.waitFor(() => expect(api.pairingPackage).toHaveBeenCalled())
    device.dispose()
    release()
    await expect(waiting).rejects.toBeInstanceOf(UnlockFailedError)
    await expect(device.finish()).rejects.toBeInstanceOf(UnlockFailedError)
  })

  it('creates a wallet whose stored record and request hold no plaintext key material', async () => {
    // Every raw AES-GCM key the wallet imports (the data key, 32 bytes), recorded on its way into
    // WebCrypto, so the scan below looks for the data key itself too, not only the phrase.
    const rawKeys: Uint8Array[] = []
    const importKey = crypto.subtle.importKey.bind(crypto.subtle)
    const spy = vi.spyOn(crypto.subtle, 'importKey').mockImplementation(((format: KeyFormat, data: BufferSource, algorithm: AlgorithmIdentifier, extractable: boolean, usages: KeyUsage[]) => {
      const name = typeof algorithm === 'string' ? algorithm : algorithm.name
      if (format === 'raw' && name === 'AES-GCM' && ArrayBuffer.isView(data) && data.byteLength === 32) rawKeys.push(new Uint8Array(data.buffer.slice(data.byteOffset, data.byteOffset + 32)))
      return importKey(format as 'raw', data, algorithm, extractable, usages)
    }) as typeof crypto.subtle.importKey)
    try {
      const { api, bodies } = await fakeApi()
      const vaults = createMemoryVaultStorage()
      const wallet = createEmbeddedWallet({ api, vaults, passkeys: fakePasskeys().passkeys })
      const address = await wallet.create('Ann@Example.test')
      expect(wallet.unlockedAddress).toBe(address)
      const phrase = await wallet.revealPhrase()
      expect(phrase.split(' ')).toHaveLength(12)
      const [record] = await vaults.list()
      expect(record).toMatchObject({ address, email: 'ann@example.test', version: 1 })
      expect(rawKeys.length).toBeGreaterThan(0)
      const everything = JSON.stringify(record) + bodies.join('')
      const keyForms = rawKeys.flatMap((key) => [Buffer.from(key).toString('hex'), toBase64Url(key), Buffer.from(key).toString('base64')])
      for (const secret of [phrase, phrase.split(' ').slice(0, 3).join(' '), ...keyForms]) expect(everything).not.toContain(secret)
    } finally {
      spy.mockRestore()
    }
  })

  it('unlocks each wallet for its own caller when two wallets are unlocked at the same time', async () => {
    const { api } = await fakeApi()
    const keys = fakePasskeys()
    const wallet = createEmbeddedWallet({ api, vaults: createMemoryVaultStorage(), passkeys: keys.passkeys })
    const first = await wallet.create('ann@example.test')
    const second = await wallet.create('ann@example.test')
    wallet.lock()
    const [a, b] = await Promise.all([wallet.unlock(first), wallet.unlock(second)])
    expect([a.address, b.address]).toEqual([first, second])
  })

  it('cannot finish a disposed recovery, and asks for no passkey', async () => {
    const { api } = await fakeApi()
    await createEmbeddedWallet({ api, vaults: createMemoryVaultStorage(), passkeys: fakePasskeys().passkeys }).create('ann@example.test')
    const keys = fakePasskeys()
    const newDevice = createEmbeddedWallet({ api, vaults: createMemoryVaultStorage(), passkeys: keys.passkeys })
    const { wallets } = await newDevice.verifyRecoveryCode('r'.repeat(22), '123456')
    const prepared = await newDevice.prepareRecovery(wallets[0]!.walletId)
    prepared.dispose()
    await expect(prepared.finish()).rejects.toBeInstanceOf(UnlockFailedError)
    expect(keys.passkeys.create).not.toHaveBeenCalled()
  })

  it('unlocks after lock() with the same passkey and fails with another', async () => {
    const { api } = await fakeApi()
    const keys = fakePasskeys()
    const wallet = createEmbeddedWallet({ api, vaults: createMemoryVaultStorage(), passkeys: keys.passkeys })
    const address = await wallet.create('ann@example.test')
    wallet.lock()
    expect(wallet.isUnlocked()).toBe(false)
    expect((await wallet.unlock(address)).address).toBe(address)
    wallet.lock()
    keys.replaceWithStranger()
    await expect(wallet.unlock(address)).rejects.toBeInstanceOf(UnlockFailedError)
  })

  it('asks the passkey once for concurrent requests on a locked wallet', async () => {
    const { api } = await fakeApi()
    const keys = fakePasskeys()
    const wallet = createEmbeddedWallet({ api, vaults: createMemoryVaultStorage(), passkeys: keys.passkeys })
    const address = await wallet.create('ann@example.test')
    wallet.lock()
    await Promise.all([wallet.unlock(address), wallet.unlock(address), wallet.unlock()])
    expect(keys.passkeys.evaluate).toHaveBeenCalledTimes(1)
  })

  it('creates nothing when the passkey has no PRF', async () => {
    const { api, bodies } = await fakeApi()
    const vaults = createMemoryVaultStorage()
    const wallet = createEmbeddedWallet({ api, vaults, passkeys: fakePasskeys({ prf: false }).passkeys })
    await expect(wallet.create('ann@example.test')).rejects.toBeInstanceOf(PrfUnsupportedError)
    expect(await vaults.list()).toEqual([])
    expect(bodies).toEqual([])
  })

  it('fetches what creation needs ahead (prepareCreate): the prompt then waits for nothing, a cancelled one keeps it, a made passkey, another email or 20 s drop it', async () => {
    const { api } = await fakeApi()
    const options = vi.spyOn(api, 'walletOptions')
    const keys = fakePasskeys()
    const wallet = createEmbeddedWallet({ api, vaults: createMemoryVaultStorage(), passkeys: keys.passkeys })
    await wallet.prepareCreate('Ann@Example.test')
    expect(options).toHaveBeenCalledTimes(1)
    expect(keys.passkeys.create).not.toHaveBeenCalled()

    // The prompt is cancelled: the next tap asks it again with the same options, fetching nothing.
    vi.mocked(keys.passkeys.create).mockRejectedValueOnce(new EmbeddedWalletError('embedded_passkey_cancelled'))
    await expect(wallet.create('ann@example.test')).rejects.toMatchObject({ code: 'embedded_passkey_cancelled' })
    await wallet.create('ann@example.test')
    expect(options).toHaveBeenCalledTimes(1)
    const [cancelled, made] = vi.mocked(keys.passkeys.create).mock.calls
    expect(made![0]).toBe(cancelled![0])

    // Used by a passkey: the next wallet gets options of its own.
    await wallet.create('ann@example.test')
    expect(options).toHaveBeenCalledTimes(2)
    const walletIds = await Promise.all(options.mock.results.map((result) => result.value.then((response: { walletId: string }) => response.walletId)))
    expect(new Set(walletIds).size).toBe(2)

    // Another email, and options older than CREATE_PARTS_MAX_AGE_MS, are fetched again.
    await wallet.prepareCreate('ann@example.test')
    await wallet.prepareCreate('bob@example.test')
    expect(options).toHaveBeenCalledTimes(4)
    expect(options).toHaveBeenLastCalledWith('bob@example.test')
    // Near their end, prepareCreate fetches anew, so the create that follows it waits for nothing.
    const now = Date.now()
    const clock = vi.spyOn(Date, 'now').mockReturnValue(now + CREATE_PARTS_MAX_AGE_MS - 6_000)
    await wallet.prepareCreate('bob@example.test')
    expect(options).toHaveBeenCalledTimes(4)
    clock.mockReturnValue(now + CREATE_PARTS_MAX_AGE_MS - 4_000)
    await wallet.prepareCreate('bob@example.test')
    expect(options).toHaveBeenCalledTimes(5)
    // Past their age, create fetches them again itself.
    clock.mockReturnValue(now + 2 * CREATE_PARTS_MAX_AGE_MS)
    await wallet.create('bob@example.test')
    expect(options).toHaveBeenCalledTimes(6)
  })

  it('a failed fetch ahead keeps nothing: creating fetches again', async () => {
    const { api } = await fakeApi()
    const options = vi.spyOn(api, 'walletOptions').mockRejectedValueOnce(new EmbeddedApiError('embedded_network_error', { status: 0 }))
    const keys = fakePasskeys()
    const wallet = createEmbeddedWallet({ api, vaults: createMemoryVaultStorage(), passkeys: keys.passkeys })
    await expect(wallet.prepareCreate('ann@example.test')).rejects.toMatchObject({ code: 'embedded_network_error' })
    expect(keys.passkeys.create).not.toHaveBeenCalled()
    await wallet.create('ann@example.test')
    expect(options).toHaveBeenCalledTimes(2)
    await expect(wallet.prepareCreate('not an email')).rejects.toMatchObject({ code: 'embedded_invalid_email' })
    expect(options).toHaveBeenCalledTimes(2)
  })

  it('recovers the same address on a new device with a new passkey', async () => {
    const { api } = await fakeApi()
    const first = createEmbeddedWallet({ api, vaults: createMemoryVaultStorage(), passkeys: fakePasskeys().passkeys })
    const address = await first.create('ann@example.test')
    const phrase = await first.revealPhrase()

    const newDevice = createEmbeddedWallet({ api, vaults: createMemoryVaultStorage(), passkeys: fakePasskeys().passkeys })
    const { wallets } = await newDevice.verifyRecoveryCode('r'.repeat(22), '123456')
    const prepared = await newDevice.prepareRecovery(wallets[0]!.walletId)
    expect(prepared.address).toBe(address)
    expect(await prepared.finish()).toBe(address)
    newDevice.lock()
    expect((await newDevice.unlock()).address).toBe(address)
    expect(await newDevice.revealPhrase()).toBe(phrase)
    await expect(prepared.finish()).rejects.toBeInstanceOf(UnlockFailedError)
  })

  it('checks inputs before calling the server', async () => {
    const { api } = await fakeApi()
    const wallet = createEmbeddedWallet({ api, vaults: createMemoryVaultStorage(), passkeys: fakePasskeys().passkeys })
    await expect(wallet.create('not an email')).rejects.toMatchObject({ code: 'embedded_invalid_email' })
    await expect(wallet.verifyRecoveryCode('r'.repeat(22), '12a456')).rejects.toMatchObject({ code: 'embedded_invalid_code_format' })
    await expect(wallet.unlock()).rejects.toMatchObject({ code: 'embedded_no_wallet' })
  })

  it('asked to sign for an account whose key this device does not hold: "signer not found" (docs/errors.md), no passkey prompt', async () => {
    const { api } = await fakeApi()
    const { passkeys } = fakePasskeys()
    const wallet = createEmbeddedWallet({ api, vaults: createMemoryVaultStorage(), passkeys })
    const address = await wallet.create('ann@example.test')
    wallet.lock()
    const asked = vi.mocked(passkeys.evaluate).mock.calls.length
    const stranger = '0x00000000000000000000000000000000000000aa'
    await expect(wallet.unlock(stranger)).rejects.toMatchObject({ code: 'signer_not_found', message: 'The wallet has no signer for this account.' })
    await expect(wallet.revealPhrase(stranger)).rejects.toMatchObject({ code: 'signer_not_found' })
    expect(vi.mocked(passkeys.evaluate).mock.calls.length).toBe(asked)
    // The device's own account still unlocks.
    expect((await wallet.unlock(address)).address).toBe(address)
  })
})
