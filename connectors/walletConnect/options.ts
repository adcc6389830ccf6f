import type { PublicConfig } from '@sigil/lib/config/public'

/**
 * The deployment settings the family reads: the project id and relay (`WALLETCONNECT_*`), the chains
 * and their RPCs, and the site's origin (the metadata wallets show): the whole public configuration.
 */
export type WalletConnectOptions = PublicConfig

/**
 * Without a project id WalletConnect cannot pair at all: the family then offers nothing (no QR row,
 * no wallet reached through it) rather than rows that could only fail. A computer still lists the
 * extensions, a phone the wallets that open the page in their own browser.
 */
export function hasWalletConnect(publicConfig: Pick<WalletConnectOptions, 'walletConnectProjectId'>): boolean {
  return publicConfig.walletConnectProjectId.trim() !== ''
}
