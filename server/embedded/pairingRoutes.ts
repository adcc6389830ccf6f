/**
 * The embedded API's device pairing: the owner's device opens a pairing (`pairingStart`), follows
 * and approves or cancels it (`pairingStatus`, `pairingApprove`, `pairingCancel`); the new device
 * looks at the link, claims it, fetches what was sealed to it and adds its passkey (`pairingPeek`,
 * `pairingClaim`, `pairingPackage`, `pairingComplete`).
 */
import type { Sealed } from '@sigil/lib/embedded/crypto/keyWrapping'
import { fromBase64Url } from '@sigil/lib/embedded/crypto/bytes'
import { sealToPublicKey, type Envelope } from '@sigil/lib/embedded/crypto/sealToPublicKey'
import type {
  PairingApproveResponse,
  PairingClaimResponse,
  PairingCompleteResponse,
  PairingPackageResponse,
  PairingPeekResponse,
  PairingStartResponse,
  PairingStatusResponse,
} from '@sigil/lib/embedded/apiTypes'
import { format, utcMinute } from '@sigil/lib/i18n/format'
import { formatPairingCode, generatePairingCode } from '@sigil/lib/embedded/pairingCode'
import { jsonResponse } from '@/server/http/json'
import { mailText } from '@/server/i18n/mailLocales'
import type { PairingRecord } from '@/server/store/embeddedTypes'
import type { Store } from '@/server/store/types'
import { getAddress } from 'viem'
import { readAssertion, readEmbeddedBody, readEnvelope, readPairingCode, readPairingId, readPublicKey, readRegistration, readSealed, readToken, readWalletId } from './bodies'
import { hashToken } from './emailCode'
import type { EmbeddedRouteKit } from './embeddedRouteKit'
import { embeddedError } from './httpErrors'
import { PAIRING_TTL_SECONDS } from './policy'
import { qrPath } from './pairingQr'
import { coarsePlace, browserName, localizeBrowserLabel } from './recoveryOrigin'
import { newId, newToken, requestLocale } from './routeShared'
import { issueRegistrationOptions, relyingPartyFor, verifyRegistration } from './webauthn'

/** The pairing routes of one `createEmbeddedRoutes` call. */
export function pairingRoutes(kit: EmbeddedRouteKit) {
  const { route, keyedRoute, background, sendLogged, walletEmail, siteOrigin, provePasskey } = kit

  /** A pairing as its owner (the device that opened it) names it; anything else is "unknown". */
  async function ownedPairing(store: Store, pairingId: string, ownerToken: string, at: Date): Promise<PairingRecord> {
    const pairing = await store.getPairing(pairingId)
    if (!pairing || pairing.ownerHash !== hashToken(ownerToken)) throw embeddedError('embedded_pairing_code_invalid', { details: 'unknown pairing or owner token' })
    return livePairing(pairing, at)
  }

  /** A pairing as its claimant (the new device) names it. */
  async function claimedPairing(store: Store, pairingId: string, claimToken: string, at: Date): Promise<PairingRecord> {
    const pairing = await store.getPairing(pairingId)
    if (!pairing || pairing.claimHash === null || pairing.claimHash !== hashToken(claimToken)) throw embeddedError('embedded_pairing_code_invalid', { details: 'unknown pairing or claim token' })
    return livePairing(pairing, at)
  }

  function livePairing(pairing: PairingRecord, at: Date): PairingRecord {
    if (pairing.cancelledAt) throw embeddedError('embedded_pairing_used', { details: 'cancelled by the first device' })
    if (pairing.completedAt) return pairing
    if (pairing.expiresAt.getTime() <= at.getTime()) throw embeddedError('embedded_pairing_expired')
    return pairing
  }

  const pairingOutcomeError = (outcome: 'unknown' | 'expired' | 'used' | 'not_claimed' | 'not_approved' | 'credential_exists') =>
    outcome === 'expired'
      ? embeddedError('embedded_pairing_expired')
      : outcome === 'used'
        ? embeddedError('embedded_pairing_used')
        : outcome === 'not_approved'
          ? embeddedError('embedded_pairing_not_approved')
          : outcome === 'credential_exists'
            ? embeddedError('embedded_passkey_invalid', { details: 'credential already recorded' })
            : embeddedError('embedded_pairing_code_invalid', { details: outcome })

  return {
    /**
     * Opens a pairing for a device that proved it holds one of the wallet's passkeys: a 50-bit code
     * (single use, 10 minutes; only its hash is kept) and the owner's token for the next steps.
     */
    pairingStart: route(['device-passkey', 'devicePasskeyPerIp'], async ({ request, config, store, at }) => {
      const body = await readEmbeddedBody(request)
      const walletId = readWalletId(body)
      const assertion = readAssertion(body.assertion)
      await provePasskey({ request, config, store, at }, walletId, assertion)
      const ownerToken = newToken()
      const pairingId = newId()
      const expiresAt = new Date(at.getTime() + PAIRING_TTL_SECONDS * 1000)
      // A code that collides with a live one (2^-50 per pair) is drawn again.
      for (let draw = 0; draw < 3; draw++) {
        const code = generatePairingCode()
        const opener = { ownerBrowser: browserName(request.headers.get('user-agent')), ownerPlace: coarsePlace(request.headers, config.trustedProxyHops) }
        if (await store.createPairing({ pairingId, walletId, codeHash: hashToken(code), ownerHash: hashToken(ownerToken), createdAt: at, expiresAt, ...opener })) {
          // The code travels in the link's fragment: a browser never sends that part to a server.
          const link = `${siteOrigin(request, config)}/#pair=${formatPairingCode(code)}`
          const response: PairingStartResponse = { pairingId, code, ownerToken, expiresAt: expiresAt.toISOString(), link, qr: qrPath(link) }
          return jsonResponse(response, { status: 201 })
        }
      }
      throw embeddedError('embedded_internal_error', { details: 'no free pairing code' })
    }),

    /** The owner's view of its pairing: still waiting, or the claiming device's one-time key (for the fingerprint). */
    pairingStatus: route(['pairing-poll', 'pairingPollPerIp'], async ({ request, store, at }) => {
      const body = await readEmbeddedBody(request)
      const pairing = await ownedPairing(store, readPairingId(body), readToken(body, 'ownerToken'), at)
      const response: PairingStatusResponse = pairing.completedAt
        ? { state: 'completed' }
        : pairing.approvedAt
          ? { state: 'approved' }
          : pairing.claimantKey
            ? { state: 'claimed', publicKey: pairing.claimantKey }
            : { state: 'waiting' }
      return jsonResponse(response)
    }),

    /**
     * The owner approves after the user compared the fingerprints, with a fresh passkey assertion:
     * the data key arrives sealed to the claimant's one-time key (the server cannot open it) and is
     * stored once — of two approvals racing, one wins.
     */
    pairingApprove: route(['device-passkey', 'devicePasskeyPerIp'], async ({ request, config, store, at }) => {
      const body = await readEmbeddedBody(request)
      const pairingId = readPairingId(body)
      const ownerToken = readToken(body, 'ownerToken')
      const walletId = readWalletId(body)
      const assertion = readAssertion(body.assertion)
      const sealedKey = readEnvelope(body.sealedKey, 'sealedKey')
      const vault = readSealed(body.vault, 'vault')
      const pairing = await ownedPairing(store, pairingId, ownerToken, at)
      if (pairing.walletId !== walletId) throw embeddedError('embedded_pairing_code_invalid', { details: 'another wallet' })
      await provePasskey({ request, config, store, at }, walletId, assertion)
      const outcome = await store.approvePairing(pairingId, hashToken(ownerToken), { sealedKey: JSON.stringify(sealedKey), sealedVault: JSON.stringify(vault) }, at)
      if (outcome !== 'approved') throw pairingOutcomeError(outcome)
      const response: PairingApproveResponse = { state: 'approved' }
      return jsonResponse(response)
    }),

    /** The owner says no (the fingerprints differ, or it changed its mind): the code is dead. */
    pairingCancel: route(['pairing-poll', 'pairingPollPerIp'], async ({ request, store, at }) => {
      const body = await readEmbeddedBody(request)
      const pairingId = readPairingId(body)
      const ownerToken = readToken(body, 'ownerToken')
      if (!(await store.cancelPairing(pairingId, hashToken(ownerToken), at))) throw embeddedError('embedded_pairing_used', { details: 'unknown, completed or cancelled' })
      return jsonResponse({ state: 'cancelled' })
    }),

    /**
     * The new device enters the code with its one-time public key. Every try counts against the
     * client address first (10 per 10 minutes): a code cannot be guessed within its life.
     */
    /**
     * What a pairing link names before the user claims it: the opening device's browser and place.
     * Counted as a claim (the same limit per client address), so it is no cheaper oracle for codes.
     */
    pairingPeek: route(['pairing-claim', 'pairingClaimPerIp'], async ({ request, store, at }) => {
      const code = readPairingCode(await readEmbeddedBody(request))
      const outcome = await store.peekPairing(hashToken(code), at)
      if (outcome.kind !== 'live') throw pairingOutcomeError(outcome.kind)
      const ownerBrowser = outcome.record.ownerBrowser && localizeBrowserLabel(outcome.record.ownerBrowser, mailText(requestLocale(request)))
      const response: PairingPeekResponse = { browser: ownerBrowser, place: outcome.record.ownerPlace, expiresAt: outcome.record.expiresAt.toISOString() }
      return jsonResponse(response)
    }),

    pairingClaim: route(['pairing-claim', 'pairingClaimPerIp'], async ({ request, store, at }) => {
      const body = await readEmbeddedBody(request)
      const code = readPairingCode(body)
      const publicKey = readPublicKey(body)
      try {
        // Refused here rather than at approval: the owner's fingerprint is of a key that can be sealed to.
        await sealToPublicKey(fromBase64Url(publicKey), new Uint8Array(1), 'sigil-embedded/pairing-key-check')
      } catch (cause) {
        throw embeddedError('embedded_malformed_body', { details: 'publicKey is not a P-256 point', cause })
      }
      const claimToken = newToken()
      const outcome = await store.claimPairing(hashToken(code), { claimHash: hashToken(claimToken), claimantKey: publicKey }, at)
      if (outcome.kind !== 'claimed') throw pairingOutcomeError(outcome.kind)
      const response: PairingClaimResponse = { pairingId: outcome.record.pairingId, claimToken, expiresAt: outcome.record.expiresAt.toISOString() }
      return jsonResponse(response)
    }),

    /** The claimant's wait: once approved, what the first device sealed to it and new passkey options. */
    pairingPackage: keyedRoute(['pairing-poll', 'pairingPollPerIp'], async ({ request, config, store, keyring, at }) => {
      const body = await readEmbeddedBody(request)
      const pairing = await claimedPairing(store, readPairingId(body), readToken(body, 'claimToken'), at)
      if (pairing.completedAt) throw embeddedError('embedded_pairing_used', { details: 'completed' })
      if (!pairing.approvedAt || !pairing.sealedKey || !pairing.sealedVault) return jsonResponse({ state: 'waiting' } satisfies PairingPackageResponse)
      const wallet = await store.getEmbeddedWallet(pairing.walletId)
      if (!wallet) throw embeddedError('embedded_pairing_code_invalid', { details: 'the wallet is gone' })
      const email = walletEmail(keyring, wallet)
      if (!email) throw embeddedError('embedded_pairing_code_invalid', { details: 'the wallet has no email' })
      const options = await issueRegistrationOptions({ store, rp: relyingPartyFor(request, config.origins), walletId: wallet.walletId, email, purpose: 'pair', now: at })
      const response: PairingPackageResponse = {
        state: 'approved',
        walletId: wallet.walletId,
        address: getAddress(wallet.address),
        email,
        sealedKey: JSON.parse(pairing.sealedKey) as Envelope,
        vault: JSON.parse(pairing.sealedVault) as Sealed,
        options,
      }
      return jsonResponse(response)
    }),

    /**
     * The new device's passkey: verified, recorded with `device_added` in the pairing's one
     * transaction (once), and the owner told by email.
     */
    pairingComplete: keyedRoute(['device-passkey', 'devicePasskeyPerIp'], async ({ request, config, store, keyring, at }) => {
      const body = await readEmbeddedBody(request)
      const pairingId = readPairingId(body)
      const claimToken = readToken(body, 'claimToken')
      const registration = readRegistration(body.registration)
      const pairing = await claimedPairing(store, pairingId, claimToken, at)
      const wallet = await store.getEmbeddedWallet(pairing.walletId)
      if (!wallet) throw embeddedError('embedded_pairing_code_invalid', { details: 'the wallet is gone' })
      const credential = await verifyRegistration({ store, rp: relyingPartyFor(request, config.origins), registration, walletId: wallet.walletId, purpose: 'pair', now: at })
      const outcome = await store.completePairing(pairingId, hashToken(claimToken), credential, at)
      if (outcome !== 'completed') throw pairingOutcomeError(outcome)
      const address = getAddress(wallet.address)
      const to = walletEmail(keyring, wallet)
      const text = mailText(wallet.locale ?? requestLocale(request))
      if (to) background(() =>
        sendLogged(config.mailer, {
          to,
          subject: format(text.deviceAddedSubject, { address }),
          text: format(text.deviceAddedText, { address, time: utcMinute(at) }),
        }).catch(() => undefined),
      )
      const response: PairingCompleteResponse = { walletId: wallet.walletId, address }
      return jsonResponse(response)
    }),
  }
}
