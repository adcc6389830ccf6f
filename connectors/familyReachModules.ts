import { cannotRequire } from '@sigil/lib/cannotRequire'

/**
 * Every family's ways of reaching a wallet that is not installed (the modules their `reachWallet`
 * and `reachWalletBrowser` import, families.ts), required here so that a chunk group whose code calls
 * this carries them: the families' own `import()`s of them then find them in the group and fetch
 * nothing, where they used to come one round trip after it (the connect dialog waits for them, so its
 * list is whole when it opens). The web app's runtime-with-dialog group calls it
 * (@sigil/react's wagmi/walletGroupHeld.ts). Where `require` is missing (a bundler that leaves it
 * alone in an ES module package), nothing is lost: the `import()`s fetch them as before.
 *
 * A family with a reach module of its own adds its line here (families.test.ts checks every one is).
 */
export function requireFamilyReachModules(): void {
  try {
    require('./walletConnect/reachWallet')
    require('./injected/reachWalletBrowser')
  } catch (error) {
    if (!cannotRequire(error)) throw error
  }
}
