/**
 * The embedded API's routes for an owner's device that proves it holds the wallet: its pending
 * recoveries (`walletRecoveriesChallenge` → `walletRecoveries` / `walletRecoveriesCancel`), a passkey
 * challenge (`deviceChallenge`), the recovery settings (`walletSettings`) and the wallet's log
 * (`walletLog`).
 */
import type {
  DeviceChallengeResponse,
  WalletLogResponse,
  WalletRecoveriesCancelResponse,
  WalletRecoveriesChallengeResponse,
  WalletRecoveriesResponse,
  WalletSettingsResponse,
} from '@sigil/lib/embedded/apiTypes'
import { deviceProofMessage } from '@sigil/lib/embedded/deviceProof'
import { jsonResponse } from '@/server/http/json'
import { mailText } from '@/server/i18n/mailLocales'
import { recoverMessageAddress } from 'viem'
import { readAssertion, readChallengePurpose, readDeviceProof, readEmbeddedBody, readRecoveryId, readWalletId, readWalletSettings } from './bodies'
import type { EmbeddedRouteKit } from './embeddedRouteKit'
import { embeddedError } from './httpErrors'
import { recoveryReleaseDelaySeconds } from './policy'
import { localizeBrowserLabel } from './recoveryOrigin'
import { requestLocale } from './routeShared'
import { issueAssertionOptions, issueChallenge, relyingPartyFor, takeChallenge, verifyWalletAssertion } from './webauthn'

/** The owner-device routes of one `createEmbeddedRoutes` call. */
export function deviceRoutes(kit: EmbeddedRouteKit) {
  const { route, log, provePasskey } = kit
  return {
    /**
     * An owner's device asks for a challenge: to sign with the wallet's key (`status`), or to assert
     * with the wallet's passkey (`veto`). Issued for any wallet id: it tells nothing about the wallet.
     */
    walletRecoveriesChallenge: route(['device', 'recoveryPerIp'], async ({ request, store, at }) => {
      const body = await readEmbeddedBody(request)
      const walletId = readWalletId(body)
      const purpose = readChallengePurpose(body)
      const response: WalletRecoveriesChallengeResponse = { challenge: await issueChallenge({ store, walletId, purpose, now: at }) }
      return jsonResponse(response)
    }),

    /**
     * The wallet's pending recoveries, for a device that proves it holds the wallet: the wallet key's
     * signature of a `status` challenge (the vault signs it when it unlocks the wallet, no extra touch).
     * A stranger who knows only the wallet id learns nothing — not even whether it exists.
     */
    walletRecoveries: route(['device', 'recoveryPerIp'], async ({ request, store, at }) => {
      const body = await readEmbeddedBody(request)
      const walletId = readWalletId(body)
      const { challenge, signature } = readDeviceProof(body)
      await takeChallenge(store, challenge, walletId, 'status', at)
      const wallet = await store.getEmbeddedWallet(walletId)
      const signer = await recoverMessageAddress({ message: deviceProofMessage(walletId, challenge), signature }).catch(() => undefined)
      if (!wallet || !signer || signer.toLowerCase() !== wallet.address.toLowerCase()) throw embeddedError('embedded_device_proof_invalid')
      const recoveries = await store.listPendingRecoveries(walletId, at)
      // The browser in the vault's words (it sends its language): "Chrome auf Linux".
      const words = mailText(requestLocale(request))
      const response: WalletRecoveriesResponse = {
        recoveries: recoveries.map((record) => ({
          recoveryId: record.recoveryId,
          startedAt: record.startedAt.toISOString(),
          releaseAt: record.releaseAt.toISOString(),
          browser: localizeBrowserLabel(record.browser, words),
          place: record.place,
        })),
      }
      return jsonResponse(response)
    }),

    /** Cancels a pending recovery for one passkey touch of the wallet (an assertion over a fresh `veto` challenge). */
    walletRecoveriesCancel: route(['device', 'recoveryPerIp'], async ({ request, config, store, at }) => {
      const body = await readEmbeddedBody(request)
      const walletId = readWalletId(body)
      const recoveryId = readRecoveryId(body)
      const assertion = readAssertion(body.assertion)
      await verifyWalletAssertion({ store, rp: relyingPartyFor(request, config.origins), topOrigins: config.frameOrigins ?? [], assertion, walletId, purpose: 'veto', now: at })
      const outcome = await store.vetoRecovery(walletId, recoveryId, at)
      if (outcome.kind === 'unknown') throw embeddedError('embedded_wallet_not_found', { details: 'no such recovery of this wallet' })
      if (outcome.kind === 'already_completed') throw embeddedError('embedded_recovery_completed')
      if (outcome.kind === 'expired') throw embeddedError('embedded_recovery_session_invalid', { details: 'the recovery is over' })
      if (outcome.kind === 'cancelled') log(`[sigil] embedded recovery cancelled from an owner's device: wallet ${walletId}`)
      const response: WalletRecoveriesCancelResponse = { recoveryId, state: 'cancelled' }
      return jsonResponse(response)
    }),

    /** A single-use challenge for one of the wallet's passkeys; the same answer for any wallet id. */
    deviceChallenge: route(['device-passkey', 'devicePasskeyPerIp'], async ({ request, config, store, at }) => {
      const walletId = readWalletId(await readEmbeddedBody(request))
      const options = await issueAssertionOptions({ store, rp: relyingPartyFor(request, config.origins), walletId, now: at })
      const body: DeviceChallengeResponse = { options }
      return jsonResponse(body)
    }),

    /**
     * The owner's recovery settings, from a device that proves with a fresh passkey assertion that it
     * holds the wallet: email recovery on or off, and a minimum delay before a recovery's key is
     * released. Recorded with `settings_changed` in the wallet's log, in one transaction.
     */
    walletSettings: route(['device-passkey', 'devicePasskeyPerIp'], async ({ request, config, store, at }) => {
      const body = await readEmbeddedBody(request)
      const walletId = readWalletId(body)
      const settings = readWalletSettings(body)
      const assertion = readAssertion(body.assertion)
      await provePasskey({ request, config, store, at }, walletId, assertion)
      // Applied to a recovery already waiting too: the owner who turns email recovery off, or asks
      // for a longer wait, means the one under way as well (a stranger's, most likely).
      const waitingDelay = recoveryReleaseDelaySeconds(config.recoveryDelaySeconds, settings.recoveryDelaySeconds)
      if (!(await store.updateWalletSettings(walletId, settings, at, waitingDelay))) throw embeddedError('embedded_wallet_not_found')
      const response: WalletSettingsResponse = { walletId, ...settings }
      return jsonResponse(response)
    }),

    /**
     * The wallet's log for a device that proves, with a fresh passkey assertion, that it holds the
     * wallet: a stranger who knows a wallet id gets `embedded_passkey_invalid` and nothing else.
     */
    walletLog: route(['device-passkey', 'devicePasskeyPerIp'], async ({ request, config, store, at }) => {
      const body = await readEmbeddedBody(request)
      const walletId = readWalletId(body)
      const assertion = readAssertion(body.assertion)
      await provePasskey({ request, config, store, at }, walletId, assertion)
      const events = await store.listWalletEvents(walletId)
      const response: WalletLogResponse = {
        walletId,
        events: events.map((event) => ({ walletId: event.walletId, seq: event.seq, kind: event.kind, at: event.at.toISOString(), detail: { ...event.detail }, prevHash: event.prevHash, hash: event.hash })),
      }
      return jsonResponse(response)
    }),
  }
}
