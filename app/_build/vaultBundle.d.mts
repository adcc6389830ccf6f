/** Types of vaultBundle.mjs (plain JavaScript so next.config.mjs can import it). */
export declare const VAULT_ENTRY: string
export declare const VAULT_BUNDLE_DIR: string
export declare const VAULT_BUNDLE_FILE: string
export declare const VAULT_CHUNK_PATTERN: RegExp
export declare const VAULT_LAZY: Record<string, string>
export type VaultBundle = {
  code: string
  sha256: string
  /** The chunks it imports only on demand, by file name (`vault-<name>-<hash>.js`). */
  chunks: Record<string, string>
}
export declare function describeBundle(code: string, chunks?: Record<string, string>): VaultBundle
export declare function writeVaultBundle(distDir: string, root?: string): Promise<VaultBundle>
export declare function readVaultBundle(distDir: string, root?: string): VaultBundle | undefined
export declare function buildVaultBundleForDev(root?: string): Promise<VaultBundle>
export declare function devVaultChunk(name: string, root?: string): Promise<string | undefined>
