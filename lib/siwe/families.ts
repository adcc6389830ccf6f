/**
 * The wallet families a linked wallet can come from: the ids of `connectors/families.ts` (checked
 * equal by lib/siwe/families.test.ts). The page sends its connector's family with a sign-in or a
 * link; the server records it only when it is one of these.
 */
export const WALLET_FAMILY_IDS = ['injected', 'walletconnect', 'coinbasesmartwallet', 'embedded'] as const

export type WalletFamilyId = (typeof WALLET_FAMILY_IDS)[number]

export function isWalletFamilyId(value: unknown): value is WalletFamilyId {
  return typeof value === 'string' && (WALLET_FAMILY_IDS as readonly string[]).includes(value)
}

/** wagmi's `connector.type` of each family's connectors → the family's id (undefined: not ours). */
const FAMILY_OF_CONNECTOR_TYPE: Readonly<Record<string, WalletFamilyId>> = {
  injected: 'injected',
  walletConnect: 'walletconnect',
  coinbaseSmartWallet: 'coinbasesmartwallet',
  embedded: 'embedded',
}

export function familyOfConnectorType(type: string | undefined): WalletFamilyId | undefined {
  return type !== undefined && Object.hasOwn(FAMILY_OF_CONNECTOR_TYPE, type) ? FAMILY_OF_CONNECTOR_TYPE[type] : undefined
}
