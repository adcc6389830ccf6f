import type { Address } from 'viem'
import { createScreens } from './screens/create'
import { deviceScreens } from './screens/devices'
import { homeScreens } from './screens/home'
import { createScreenKit, type Screens, type WalletScreensParameters } from './screens/kit'
import { manageScreens } from './screens/manage'
import { recoveryScreens } from './screens/recovery'

export { formatWait, messageOf, type WalletScreensParameters } from './screens/kit'
export { pairingLink } from './screens/devices'
export { activityExport } from './screens/manage'

/**
 * The embedded wallet's screens, in the vault: unlock the wallet this device holds, create one
 * (email → emailed code → passkey), recover by email (code → choose the wallet → new passkey), and,
 * in a vault tab the user opened, its management (add a device, reveal the phrase, activity and
 * settings). Everything here — records, ciphertext, passkeys, the phrase — stays in the vault's origin;
 * the page learns the chosen address and nothing else.
 *
 * One file per group of screens under `screens/`, each with its own guarded buttons where they are
 * drawn; `screens/kit.ts` is what they are drawn with.
 */
export function createWalletScreens(parameters: WalletScreensParameters) {
  const kit = createScreenKit(parameters)
  // Each group reaches the others' screens through `go`, filled once all are made.
  const go = {} as Screens
  Object.assign(go, homeScreens(kit, go), deviceScreens(kit, go), manageScreens(kit, go), createScreens(kit, go), recoveryScreens(kit, go))

  return {
    /** Shows the wallet's screens until the user connects a wallet (its address) or cancels (undefined). */
    open(options: { pairCode?: string | undefined } = {}): Promise<Address | undefined> {
      kit.state.finish?.(undefined)
      return new Promise((resolve) => {
        kit.state.finish = resolve
        kit.busy(parameters.t.ui('title'))
        // Opened from the QR code's link: the user confirms this device first.
        if (options.pairCode) go.joinConfirm(options.pairCode)
        else void go.home()
      })
    },
    /**
     * After an unlock outside these screens (a signing request's Approve): the wallet's waiting
     * recoveries, each shown in turn as after the Unlock button, so that no unlock skips the owner's
     * veto. Resolves once the user went past them, at once when there are none.
     */
    async reviewRecoveries(address: Address): Promise<void> {
      kit.state.finish?.(undefined)
      await new Promise<void>((resolve) => {
        kit.state.finish = () => resolve()
        void go.reviewRecoveries(address, () => {
          kit.state.finish = undefined
          resolve()
        })
      })
    },
    /**
     * When the screens were last closed (or are now) on a recovery's wait: its key's release time, so
     * the page can say "Recovery in progress: come back after …" instead of a failure.
     */
    recoveryWaitingUntil(): string | undefined {
      return kit.state.waitingUntil
    },
    /** Closes the screens as cancelled (the page went away, another request took over). */
    cancel(): void {
      if (kit.state.finish) kit.close(undefined)
    },
  }
}
