import { generateMnemonic } from '@scure/bip39'
import { getAddress, stringToHex as toHex, type Address } from 'viem'
import { mnemonicToVaultAccount as mnemonicToAccount, type VaultAccount as HDAccount } from './keyAccount'
import { SignerNotFoundError } from '@sigil/lib/errors/wallet'
import { createEmbeddedApi, type EmbeddedApi } from './api'
import { fromBase64Url, randomBytes, toBase64Url, utf8, wipe } from '@sigil/lib/embedded/crypto/bytes'
import { additionalData, deriveWrappingKey, generateDataKeyBytes, importDataKey, open, seal } from '@sigil/lib/embedded/crypto/keyWrapping'
import { generateEphemeralKeyPair, openWithPrivateKey, sealToPublicKey } from '@sigil/lib/embedded/crypto/sealToPublicKey'
import { EmbeddedApiError, EmbeddedWalletError, NoEmbeddedWalletError, UnlockFailedError, WalletMismatchError } from '@sigil/lib/embedded/errors'
import { normaliseEmail } from '@sigil/lib/embedded/email'
import { assertPasskey, createPasskey, evaluatePrf, forgetCredential } from './passkey/ceremonies'
import { normalisePairingCode, pairingFingerprint } from '@sigil/lib/embedded/pairingCode'
import type { PairingPackageResponse, PairingStatusResponse, PendingRecovery, RecoveryStatus, WalletOptionsResponse } from '@sigil/lib/embedded/apiTypes'
import { checkAgainstHead, verifyWalletLog, type ChainCheck, type WalletEvent } from '@sigil/lib/embedded/walletLog'
import { deviceProofMessage } from '@sigil/lib/embedded/deviceProof'
import { PRF_SALT_BYTES } from '@sigil/lib/embedded/passkeyDefaults'
import { createIndexedDbVaultStorage, type VaultRecord, type VaultStorage } from './vaultStorage'

/** The passkey ceremonies, injectable so the wallet's logic can be tested without a browser. */
export type Passkeys = {
  create: typeof createPasskey
  evaluate: typeof evaluatePrf
  forget: typeof forgetCredential
  assert: typeof assertPasskey
}

/**
 * "Add a device", on the device that holds the wallet: the code and link to show, the claiming
 * device's fingerprint once one claims it (`status`), and the approval (one passkey touch) that seals
 * the data key to that device. `cancel()` ends it (the fingerprints differ, or the user left).
 */
export type OpenPairing = {
  pairingId: string
  code: string
  expiresAt: string
  link: string
  qr: { size: number; path: string }
  status(): Promise<{ state: PairingStatusResponse['state']; fingerprint?: string | undefined }>
  approve(): Promise<void>
  cancel(): Promise<void>
}

/**
 * The new device's side after it entered the code: the fingerprint to compare with the other
 * screen, `waitForApproval()` (resolves once the other device approved: the key is here and checked),
 * then `finish()` (one passkey touch: this device's own passkey). `dispose()` wipes the key.
 */
export type JoiningDevice = { pairingId: string; fingerprint: string; waitForApproval(signal?: AbortSignal): Promise<Address>; finish(): Promise<Address>; dispose(): void }

/** The wallet's log as the vault shows it: the entries and the result of checking their chain here. */
export type WalletActivity = { walletId: string; address: Address; events: WalletEvent[]; check: ChainCheck }

/** The owner's recovery settings, as the server keeps them. */
export type RecoverySettings = { emailRecovery: boolean; recoveryDelaySeconds: number | null }

/** The settings in force: the last `settings_changed` of a checked log, else the defaults (email on, the server's delay). */
export function settingsFromLog(events: readonly WalletEvent[]): RecoverySettings {
  const last = events.findLast((event) => event.kind === 'settings_changed')?.detail
  return {
    emailRecovery: last?.emailRecovery !== false,
    recoveryDelaySeconds: typeof last?.recoveryDelaySeconds === 'number' ? last.recoveryDelaySeconds : null,
  }
}

/**
 * How long fetched creation options may wait for their passkey prompt: long enough for a new tap
 * after a cancel or a tap that ran out, short enough that the prompt may then take its full
 * `PASSKEY_TIMEOUT_MS` (300 s) inside the server's challenge (`CHALLENGE_TTL_MS`, 330 s), and that
 * the server's checks before it (the proven email, the wallet limit) are recent.
 */
export const CREATE_PARTS_MAX_AGE_MS = 20_000
/** `prepareCreate` fetches anew when less than this is left of them, so `create` just after finds them fresh. */
const CREATE_PARTS_PREPARE_MARGIN_MS = 5_000

type CreateParts = WalletOptionsResponse & { wordlist: string[] }

/** How often a device waiting for the other asks the server. */
export const PAIRING_POLL_MS = 1500

export type EmbeddedWalletParameters = {
  api?: EmbeddedApi | undefined
  /** The vault's language, for the API it makes when none is given (its mails follow it). */
  locale?: string | undefined
  vaults?: VaultStorage | undefined
  passkeys?: Passkeys | undefined
}

/**
 * A recovery after the code was accepted: the key is back and checked; one passkey touch finishes it.
 * `dispose()` wipes the raw data key it holds (leaving the view, going back, a failure): a disposed
 * recovery cannot finish.
 */
export type PreparedRecovery = { walletId: string; address: Address; finish(): Promise<Address>; dispose(): void }

/**
 * The embedded wallet's keys and their life cycle: create (email → passkey → wallet), unlock (one
 * touch), recover by email, reveal the phrase, lock. The unlocked account lives only in this closure
 * — never in storage, React state or logs — and is dropped by `lock()` (disconnect).
 *
 * Accounts are BIP-44 Ethereum accounts of a BIP-39 mnemonic: m/44'/60'/0'/0/0 (viem's HD account).
 */
export type EmbeddedWallet = ReturnType<typeof createEmbeddedWallet>

export function createEmbeddedWallet(parameters: EmbeddedWalletParameters = {}) {
  const api = parameters.api ?? createEmbeddedApi(parameters)
  const vaults = parameters.vaults ?? createIndexedDbVaultStorage()
  const passkeys: Passkeys = parameters.passkeys ?? { create: createPasskey, evaluate: evaluatePrf, forget: forgetCredential, assert: assertPasskey }

  let unlocked: { walletId: string; account: HDAccount } | undefined
  /** In-flight unlocks by address: concurrent callers for one wallet share one prompt, never another wallet's. */
  const unlocking = new Map<Address, Promise<HDAccount>>()

  /** The mnemonic of a record, given the passkey's PRF output for it. */
  async function decryptMnemonic(record: Pick<VaultRecord, 'walletId' | 'wrappedKey' | 'mnemonic'>, prfOutput: Uint8Array): Promise<string> {
    const wrappingKey = await deriveWrappingKey(prfOutput, record.walletId)
    const raw = await open(wrappingKey, record.wrappedKey, additionalData.dataKey(record.walletId))
    try {
      const dataKey = await importDataKey(raw)
      return new TextDecoder().decode(await open(dataKey, record.mnemonic, additionalData.mnemonic(record.walletId)))
    } finally {
      wipe(raw)
    }
  }

  function accountOf(mnemonic: string, expected: Address, onMismatch: () => Error): HDAccount {
    const account = mnemonicToAccount(mnemonic)
    if (account.address !== getAddress(expected)) throw onMismatch()
    return account
  }

  /**
   * The device's record of `address`, or of the newest wallet. Asked for a named account this device
   * holds no key for (the connected account's record was cleared, or it lives on another device), it
   * is the catalogue's "signer not found" (docs/errors.md); with no account named and none here, there is no wallet yet.
   */
  async function recordFor(address?: Address): Promise<VaultRecord> {
    const records = await vaults.list()
    if (!address) {
      const newest = records[0]
      if (!newest) throw new NoEmbeddedWalletError()
      return newest
    }
    const record = records.find((candidate) => candidate.address === getAddress(address))
    if (!record) throw new SignerNotFoundError({ details: `no key on this device for ${getAddress(address)}` })
    return record
  }

  /** A fresh passkey check for `record`: its PRF output (one touch). */
  function touch(record: VaultRecord): Promise<Uint8Array> {
    return passkeys.evaluate({ credentialId: record.credentialId, prfSalt: fromBase64Url(record.prfSalt) })
  }

  /** One touch of `record`'s passkey answering a fresh server challenge (with its PRF output when `withKey`). */
  async function prove(record: VaultRecord, withKey: boolean) {
    const { options } = await api.deviceChallenge(record.walletId)
    return passkeys.assert({ options, credentialId: record.credentialId, prfSalt: withKey ? fromBase64Url(record.prfSalt) : undefined })
  }

  /** The data key of `record`, from its passkey's PRF output (wiped here). */
  async function dataKeyOf(record: VaultRecord, prfOutput: Uint8Array): Promise<Uint8Array<ArrayBuffer>> {
    try {
      const wrappingKey = await deriveWrappingKey(prfOutput, record.walletId)
      return await open(wrappingKey, record.wrappedKey, additionalData.dataKey(record.walletId))
    } finally {
      wipe(prfOutput)
    }
  }

  const sleep = (ms: number, signal?: AbortSignal) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(resolve, ms)
      signal?.addEventListener('abort', () => {
        clearTimeout(timer)
        reject(new EmbeddedWalletError('embedded_passkey_cancelled', { details: 'stopped waiting' }))
      })
    })

  /**
   * The parts of a wallet's creation that come from the network (the word list's chunk, the vault's
   * storage, the server's options with their challenge), kept for the email they were fetched for.
   * A prompt that fails keeps them (cancelled, or a passkey made without PRF: their challenge was
   * never sent, and the same wallet id replaces that passkey), so "Create wallet" asks the passkey
   * again at once; a prompt that returns a passkey, another email or `CREATE_PARTS_MAX_AGE_MS`
   * drops them. `marginMs`: fetch anew unless at least that much of their age is left.
   */
  let createParts: (CreateParts & { email: string; fetchedAt: number }) | undefined

  async function createPartsFor(email: string, marginMs = 0): Promise<CreateParts> {
    if (createParts?.email === email && Date.now() - createParts.fetchedAt < CREATE_PARTS_MAX_AGE_MS - marginMs) return createParts
    createParts = undefined
    // Storage first: a browser that cannot keep the wallet must fail before a passkey exists. So
    // must a word list that cannot be fetched (a chunk of its own: only a new phrase needs it).
    const [{ wordlist }] = await Promise.all([
      import('./wordlist').catch((cause: unknown) => {
        throw new EmbeddedApiError('embedded_network_error', { status: 0, cause })
      }),
      vaults.list(),
    ])
    const { walletId, options, recoveryPublicKey } = await api.walletOptions(email)
    createParts = { email, fetchedAt: Date.now(), wordlist, walletId, options, recoveryPublicKey }
    return createParts
  }

  const wallet = {
    /** The device's wallets, newest first (public facts and ciphertext only). */
    list: () => vaults.list(),

    /** The address of the unlocked wallet, if any. */
    get unlockedAddress(): Address | undefined {
      return unlocked?.account.address
    },

    isUnlocked(address?: Address): boolean {
      return Boolean(unlocked && (!address || unlocked.account.address === getAddress(address)))
    },

    /**
     * Step one of creating a wallet: a code is mailed to `email`, bound to this browser. Nothing is
     * made for an email until its owner enters that code here (`verifyEmailCode`).
     */
    requestEmailCode: (email: string) => {
      const normalised = normaliseEmail(email)
      if (!normalised) return Promise.reject(new EmbeddedApiError('embedded_invalid_email', { status: 0 }))
      return api.requestEmailCode(normalised)
    },

    /** Step two: the code from the email. On success this browser may create one wallet for the email (`create`). */
    verifyEmailCode: (requestId: string, code: string) => {
      const digits = code.replace(/\s+/g, '')
      if (!/^\d{6}$/.test(digits)) return Promise.reject(new EmbeddedApiError('embedded_invalid_code_format', { status: 0 }))
      return api.verifyEmailCode(requestId, digits)
    },

    /**
     * What `create` needs before its passkey prompt, fetched now (after `verifyEmailCode`, before
     * the prompt's tap is judged), so that `create` asks the passkey with nothing left to wait for.
     */
    async prepareCreate(emailInput: string): Promise<void> {
      const email = normaliseEmail(emailInput)
      if (!email) throw new EmbeddedApiError('embedded_invalid_email', { status: 0 })
      await createPartsFor(email, CREATE_PARTS_PREPARE_MARGIN_MS)
    },

    /**
     * Creates a wallet for a proven `email` (`verifyEmailCode` first): one passkey touch. Nothing is
     * kept unless every step succeeded.
     */
    async create(emailInput: string): Promise<Address> {
      const email = normaliseEmail(emailInput)
      if (!email) throw new EmbeddedApiError('embedded_invalid_email', { status: 0 })
      const { wordlist, walletId, options, recoveryPublicKey } = await createPartsFor(email)
      const prfSalt = randomBytes(PRF_SALT_BYTES)
      const passkey = await passkeys.create(options, prfSalt)
      // A passkey was made with these options and their challenge is sent next: whatever follows, the
      // next attempt fetches new ones.
      createParts = undefined
      const raw = generateDataKeyBytes()
      try {
        const mnemonic = generateMnemonic(wordlist, 128)
        const account = mnemonicToAccount(mnemonic)
        const wrappingKey = await deriveWrappingKey(passkey.prfOutput, walletId)
        const dataKey = await importDataKey(raw)
        const wrappedKey = await seal(wrappingKey, raw, additionalData.dataKey(walletId))
        const vault = await seal(dataKey, utf8(mnemonic), additionalData.mnemonic(walletId))
        const recovery = await sealToPublicKey(fromBase64Url(recoveryPublicKey), raw, additionalData.recovery(walletId))
        try {
          await api.createWallet({ walletId, email, address: account.address, registration: passkey.registration, recovery, vault })
        } catch (error) {
          passkeys.forget(options.rp.id, passkey.credentialId)
          throw error
        }
        await vaults.put({
          version: 1,
          walletId,
          address: account.address,
          email,
          credentialId: passkey.credentialId,
          prfSalt: toBase64Url(prfSalt),
          wrappedKey,
          mnemonic: vault,
          savedAt: new Date().toISOString(),
        })
        unlocked = { walletId, account }
        return account.address
      } finally {
        wipe(raw, passkey.prfOutput)
      }
    },

    /** The account of `address` (or the newest wallet), asking the passkey once if it is locked. */
    async unlock(address?: Address): Promise<HDAccount> {
      if (unlocked && (!address || unlocked.account.address === getAddress(address))) return unlocked.account
      const record = await recordFor(address)
      // One prompt for concurrent callers of the same wallet (a sign-in and a balance read racing
      // after a reload). Looked up and set with no await in between, so two callers cannot both miss.
      let pending = unlocking.get(record.address)
      if (!pending) {
        pending = (async () => {
          const prfOutput = await touch(record)
          try {
            const account = accountOf(await decryptMnemonic(record, prfOutput), record.address, () => new UnlockFailedError({ details: 'address mismatch' }))
            unlocked = { walletId: record.walletId, account }
            return account
          } finally {
            wipe(prfOutput)
          }
        })().finally(() => unlocking.delete(record.address))
        unlocking.set(record.address, pending)
      }
      const account = await pending
      // Checked again after the wait: the answer is for the wallet this caller asked for.
      if (account.address !== record.address) throw new UnlockFailedError({ details: 'another wallet was unlocked meanwhile' })
      return account
    },

    /** The recovery phrase, after a fresh passkey check even when unlocked. The caller shows it outside React state. */
    async revealPhrase(address?: Address): Promise<string> {
      const record = await recordFor(address ?? unlocked?.account.address)
      const prfOutput = await touch(record)
      try {
        const mnemonic = await decryptMnemonic(record, prfOutput)
        accountOf(mnemonic, record.address, () => new UnlockFailedError({ details: 'address mismatch' }))
        return mnemonic
      } finally {
        wipe(prfOutput)
      }
    },

    /**
     * Opens "add a device" for `address` (or the newest wallet): one passkey touch proves to the
     * server that this device holds the wallet, which answers with a single-use code.
     */
    async startPairing(address?: Address): Promise<OpenPairing> {
      const record = await recordFor(address ?? unlocked?.account.address)
      const { assertion } = await prove(record, false)
      const started = await api.startPairing({ walletId: record.walletId, assertion })
      let claimantKey: string | undefined
      return {
        pairingId: started.pairingId,
        code: started.code,
        expiresAt: started.expiresAt,
        link: started.link,
        qr: started.qr,
        async status() {
          const status = await api.pairingStatus(started.pairingId, started.ownerToken)
          if (status.state !== 'claimed') return { state: status.state }
          claimantKey = status.publicKey
          return { state: 'claimed', fingerprint: await pairingFingerprint(started.pairingId, status.publicKey) }
        },
        async approve() {
          if (!claimantKey) throw new UnlockFailedError({ details: 'no device has claimed this code yet' })
          // One touch: the proof the server checks and the PRF output that opens the data key here.
          const { assertion, prfOutput } = await prove(record, true)
          const raw = await dataKeyOf(record, prfOutput!)
          try {
            const sealedKey = await sealToPublicKey(fromBase64Url(claimantKey), raw, additionalData.pairing(record.walletId, started.pairingId))
            await api.approvePairing({ pairingId: started.pairingId, ownerToken: started.ownerToken, walletId: record.walletId, assertion, sealedKey, vault: record.mnemonic })
          } finally {
            wipe(raw)
          }
        },
        async cancel() {
          await api.cancelPairing(started.pairingId, started.ownerToken).catch(() => undefined)
        },
      }
    },

    /**
     * The new device enters the code (typed, or from the QR code's link): a one-time key pair is made
     * here and its public half sent with the code. Nothing is kept until `finish()`.
     */
    /** Where the pairing of `input` was opened (its browser and place), claiming nothing. */
    async peekPairing(input: string): Promise<{ from: string | undefined }> {
      const code = normalisePairingCode(input)
      if (!code) throw new EmbeddedApiError('embedded_pairing_code_format', { status: 0 })
      const { browser, place } = await api.peekPairing(code)
      return { from: browser ? (place ? `${browser}, ${place}` : browser) : undefined }
    },

    async joinWithCode(input: string): Promise<JoiningDevice> {
      const code = normalisePairingCode(input)
      if (!code) throw new EmbeddedApiError('embedded_pairing_code_format', { status: 0 })
      // Storage first: a browser that cannot keep the wallet must fail before anything is claimed.
      await vaults.list()
      const ephemeral = await generateEphemeralKeyPair()
      const publicKey = toBase64Url(ephemeral.publicKey)
      const claim = await api.claimPairing(code, publicKey)
      const fingerprint = await pairingFingerprint(claim.pairingId, publicKey)
      let ready: { delivered: Extract<PairingPackageResponse, { state: 'approved' }>; raw: Uint8Array<ArrayBuffer>; account: HDAccount } | undefined
      let disposed = false
      return {
        pairingId: claim.pairingId,
        fingerprint,
        async waitForApproval(signal) {
          for (;;) {
            if (disposed) throw new UnlockFailedError({ details: 'pairing was discarded' })
            const answer = await api.pairingPackage(claim.pairingId, claim.claimToken)
            if (disposed) throw new UnlockFailedError({ details: 'pairing was discarded' }) // while the poll was out: not opened
            if (answer.state === 'approved') {
              const raw = await openWithPrivateKey(ephemeral, answer.sealedKey, additionalData.pairing(answer.walletId, claim.pairingId))
              try {
                const dataKey = await importDataKey(raw)
                const mnemonic = new TextDecoder().decode(await open(dataKey, answer.vault, additionalData.mnemonic(answer.walletId)))
                const account = accountOf(mnemonic, answer.address, () => new WalletMismatchError())
                if (disposed) throw new UnlockFailedError({ details: 'pairing was discarded' }) // meanwhile: the key goes now
                ready = { delivered: answer, raw, account }
                return account.address
              } catch (error) {
                wipe(raw)
                throw error
              }
            }
            await sleep(PAIRING_POLL_MS, signal)
          }
        },
        dispose() {
          disposed = true
          if (ready) wipe(ready.raw)
          ready = undefined
        },
        async finish() {
          if (!ready) throw new UnlockFailedError({ details: 'not approved yet, or discarded' })
          const { delivered, raw, account } = ready
          const prfSalt = randomBytes(PRF_SALT_BYTES)
          const passkey = await passkeys.create(delivered.options, prfSalt)
          try {
            const wrappingKey = await deriveWrappingKey(passkey.prfOutput, delivered.walletId)
            const wrappedKey = await seal(wrappingKey, raw, additionalData.dataKey(delivered.walletId))
            try {
              await api.completePairing({ pairingId: claim.pairingId, claimToken: claim.claimToken, registration: passkey.registration })
            } catch (error) {
              passkeys.forget(delivered.options.rp.id, passkey.credentialId)
              throw error
            }
            // As after a recovery: this device's own passkey, the same data key and mnemonic ciphertext.
            await vaults.put({
              version: 1,
              walletId: delivered.walletId,
              address: account.address,
              email: delivered.email,
              credentialId: passkey.credentialId,
              prfSalt: toBase64Url(prfSalt),
              wrappedKey,
              mnemonic: delivered.vault,
              savedAt: new Date().toISOString(),
            })
            wipe(raw)
            ready = undefined
            unlocked = { walletId: delivered.walletId, account }
            return account.address
          } finally {
            wipe(passkey.prfOutput)
          }
        },
      }
    },

    /**
     * The wallet's log (one passkey touch: the server answers only a device that proves it holds the
     * wallet), with its hash chain checked here — not taken on the server's word.
     */
    async activity(address?: Address): Promise<WalletActivity> {
      const record = await recordFor(address ?? unlocked?.account.address)
      const { assertion } = await prove(record, false)
      const { events } = await api.walletLog({ walletId: record.walletId, assertion })
      const parsed: WalletEvent[] = events.map((event) => ({ ...event, kind: event.kind as WalletEvent['kind'], at: new Date(event.at) }))
      // Also against what this device saw last: a log cut short still links up (walletLog.ts).
      const check = checkAgainstHead(verifyWalletLog(record.walletId, parsed), parsed, record.logHead)
      const newest = parsed.at(-1)
      if (check.ok && newest && newest.seq !== record.logHead?.seq) await vaults.put({ ...record, logHead: { seq: newest.seq, hash: newest.hash } }).catch(() => undefined)
      return { walletId: record.walletId, address: record.address, events: parsed, check }
    },

    /**
     * Changes the wallet's recovery settings (one passkey touch proving this device holds it): email
     * recovery on or off, and the least time a recovery's key waits.
     */
    async saveSettings(address: Address, settings: RecoverySettings): Promise<RecoverySettings> {
      const record = await recordFor(address)
      const { assertion } = await prove(record, false)
      const saved = await api.walletSettings({ walletId: record.walletId, assertion, ...settings })
      return { emailRecovery: saved.emailRecovery, recoveryDelaySeconds: saved.recoveryDelaySeconds }
    },

    /** Drops the unlocked account (disconnect). The device's encrypted record stays. */
    lock(): void {
      unlocked = undefined
    },

    requestRecoveryCode: (email: string) => {
      const normalised = normaliseEmail(email)
      if (!normalised) return Promise.reject(new EmbeddedApiError('embedded_invalid_email', { status: 0 }))
      return api.requestRecoveryCode(normalised)
    },

    verifyRecoveryCode: (requestId: string, code: string) => {
      const digits = code.replace(/\s+/g, '')
      if (!/^\d{6}$/.test(digits)) return Promise.reject(new EmbeddedApiError('embedded_invalid_code_format', { status: 0 }))
      return api.verifyRecoveryCode(requestId, digits)
    },

    /**
     * Starts the recovery of `walletId` (after a right code): the owner is told by email, and the key
     * is released to this browser only after the server's delay. The answer says when.
     */
    startRecovery: (walletId: string) => api.startRecovery(walletId),

    /** This browser's started recovery, if any (a cookie names it): where it stands. Undefined when there is none. */
    async startedRecovery(): Promise<RecoveryStatus | undefined> {
      const status = await api.recoveryPending()
      return status.state === 'none' ? undefined : status
    },

    /**
     * The unlocked wallet's pending recoveries, which its owner may cancel: the wallet's key signs the
     * server's challenge (no passkey touch; only a device holding the wallet can).
     */
    async pendingRecoveries(): Promise<PendingRecovery[]> {
      if (!unlocked) return []
      const { walletId, account } = unlocked
      const { challenge } = await api.walletChallenge(walletId, 'status')
      const signature = await account.signMessage({ message: { raw: toHex(deviceProofMessage(walletId, challenge)) } })
      return (await api.walletRecoveries({ walletId, challenge, signature })).recoveries
    },

    /** Cancels a pending recovery of the unlocked wallet: one touch of its passkey over a fresh challenge. */
    async cancelRecovery(recoveryId: string): Promise<void> {
      if (!unlocked) throw new UnlockFailedError({ details: 'no unlocked wallet' })
      const record = await recordFor(unlocked.account.address)
      const { challenge } = await api.walletChallenge(record.walletId, 'veto')
      // No PRF asked: nothing of the wallet's key material is in this assertion.
      const { assertion } = await passkeys.assert({ options: { challenge }, credentialId: record.credentialId })
      await api.cancelWalletRecovery({ walletId: record.walletId, recoveryId, assertion })
    },

    /**
     * After the delay of a started recovery: fetches the wallet's data key (sealed to a one-time key pair made here),
     * decrypts the mnemonic and checks it gives the wallet's address — all before the user is asked
     * for a passkey, so the touch that follows only creates the passkey and finishes.
     */
    async prepareRecovery(walletId: string): Promise<PreparedRecovery> {
      const ephemeral = await generateEphemeralKeyPair()
      const key = await api.recoveryKey({ walletId, publicKey: toBase64Url(ephemeral.publicKey) })
      const raw = await openWithPrivateKey(ephemeral, key.wrappedKey, additionalData.recovery(walletId))
      let account: HDAccount
      try {
        const dataKey = await importDataKey(raw)
        const mnemonic = new TextDecoder().decode(await open(dataKey, key.vault, additionalData.mnemonic(walletId)))
        account = accountOf(mnemonic, key.address, () => new WalletMismatchError())
      } catch (error) {
        wipe(raw)
        throw error
      }
      let finished = false
      let disposed = false
      return {
        walletId,
        address: account.address,
        dispose() {
          disposed = true
          wipe(raw)
        },
        async finish() {
          if (finished) throw new UnlockFailedError({ details: 'recovery already finished' })
          if (disposed) throw new UnlockFailedError({ details: 'recovery was discarded' })
          const prfSalt = randomBytes(PRF_SALT_BYTES)
          const passkey = await passkeys.create(key.options, prfSalt)
          try {
            const wrappingKey = await deriveWrappingKey(passkey.prfOutput, walletId)
            const wrappedKey = await seal(wrappingKey, raw, additionalData.dataKey(walletId))
            try {
              await api.completeRecovery({ walletId, registration: passkey.registration })
            } catch (error) {
              passkeys.forget(key.options.rp.id, passkey.credentialId)
              throw error
            }
            await vaults.put({
              version: 1,
              walletId,
              address: account.address,
              email: key.email,
              credentialId: passkey.credentialId,
              prfSalt: toBase64Url(prfSalt),
              wrappedKey,
              mnemonic: key.vault,
              savedAt: new Date().toISOString(),
            })
            finished = true
            wipe(raw)
            unlocked = { walletId, account }
            return account.address
          } finally {
            wipe(passkey.prfOutput)
          }
        },
      }
    },
  }
  return wallet
}
