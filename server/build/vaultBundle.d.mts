/** Types of vaultBundle.mjs (plain JavaScript so next.config.mjs can import it). */
export declare const VAULT_ENTRY: string
export declare const VAULT_BUNDLE_DIR: string
export declare const VAULT_BUNDLE_FILE: string
export type VaultBundle = { code: string; sha256: string }
export declare function describeBundle(code: string): VaultBundle
export declare function writeVaultBundle(distDir: string, root?: string): Promise<VaultBundle>
export declare function readVaultBundle(distDir: string, root?: string): VaultBundle | undefined
export declare function buildVaultBundleForDev(root?: string): Promise<VaultBundle>
