/**
 * Every family's ways of reaching a wallet that is not installed (the modules their `reachWallet`
 * and `reachWalletBrowser` import, families.ts), required here so that a chunk group whose code calls
 * this carries them: the families' own `import()`s of them then find them in the group and fetch
 * nothing, where they used to come one round trip after it (the connect dialog waits for them, so its
 * list is whole when it opens). The web app's runtime-with-dialog group calls it
 * (@sigil/react's wagmi/walletGroupHeld.ts).
 *
 * Only a head start: any error here is left for the families' `import()`s to meet and report
 * (familyReach.ts retries them), so nothing that `require` does or lacks can stop the dialog. Where
 * `require` is missing (a bundler that leaves it alone in an ES module package) or cannot resolve the
 * path (Node's, on these sources under a test runner), the `import()`s fetch them as before.
 *
 * A family with a reach module of its own adds its line here (families.test.ts checks every one is).
 */
export function requireFamilyReachModules(): void {
  try {
    require('./walletConnect/reachWallet')
    require('./injected/reachWalletBrowser')
  } catch {
    // See above: the import()s have it.
  }
}
