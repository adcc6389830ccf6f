/** Types of vaultBundle.mjs (plain JavaScript: the package's build and next.config.mjs run it without a compiler). */
export declare const VAULT_CHUNK_PATTERN: RegExp
export type VaultBundle = {
  code: string
  sha256: string
  /** The chunks it imports only on demand, by file name (`vault-<name>-<hash>.js`). */
  chunks: Record<string, string>
}
export declare function describeBundle(code: string, chunks?: Record<string, string>): VaultBundle
export declare function buildVaultBundle(options: { production: boolean; root?: string }): Promise<VaultBundle>
export declare function prebuiltModule(bundle: VaultBundle): string
