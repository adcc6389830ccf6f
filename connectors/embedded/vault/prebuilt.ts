import 'server-only'

/** The vault page's script as a host serves it: its bytes, their SHA-256 (hex) and its lazy chunks by file name. */
export type PrebuiltVaultScript = {
  readonly code: string
  readonly sha256: string
  /** The chunks it imports on demand, by the file name it asks for (`vault-<name>-<hash>.js`, beside the script). */
  readonly chunks: Readonly<Record<string, string>>
}

/**
 * The vault page's script, bundled and minified when the package is built, for a host that serves
 * the vault from the package: its one vault route file hands it to @sigil/server's `getVaultRoute`
 * (page, script and chunks; the connectors' README shows a host's files).
 *
 * This file is the module's declaration and its stand-in in the sources: the package's build
 * writes the bundle over what tsc compiles from it (scripts/writePrebuiltVault.mjs). Inside this
 * repository the app bundles the script from the sources instead (app/_build/vaultScript.ts), so
 * an edit shows on reload; reaching this stand-in means a build step was skipped.
 */
export const prebuiltVaultScript: PrebuiltVaultScript = new Proxy({} as PrebuiltVaultScript, {
  get() {
    throw new Error('The vault script is bundled by the package build (npm run build --workspace connectors); the sources hold no bundle.')
  },
})
