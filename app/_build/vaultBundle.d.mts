/** Types of vaultBundle.mjs (plain JavaScript so next.config.mjs can import it). */
import type { VaultBundle } from '../../connectors/scripts/vaultBundle.mjs'
export type { VaultBundle }
export declare const VAULT_BUNDLE_DIR: string
export declare const VAULT_BUNDLE_FILE: string
export declare function writeVaultBundle(distDir: string, root?: string): Promise<VaultBundle>
export declare function readVaultBundle(distDir: string, root?: string): VaultBundle | undefined
export declare function buildVaultBundleForDev(root?: string): Promise<VaultBundle>
export declare function devVaultChunk(name: string, root?: string): Promise<string | undefined>
