import type { ReachWallet, SigilFamily } from '@sigil/connectors/shared/family'

/**
 * The chunks of `list`'s ways of reaching a wallet, in the order they are asked (its `reachWallet`s,
 * then its `reachWalletBrowser`s). Apart from familyReach.ts, which imports the registry, so the
 * server's frame of the dialog can read them over its own list (connectors/familyRows.ts).
 */
export function familyReachChunks(list: readonly Pick<SigilFamily, 'reachWallet' | 'reachWalletBrowser'>[]): (() => Promise<ReachWallet>)[] {
  return [...list.flatMap((family) => family.reachWallet ?? []), ...list.flatMap((family) => family.reachWalletBrowser ?? [])]
}
