'use client'
import { useEffect, useMemo, useSyncExternalStore } from 'react'
import { useConnectors } from 'wagmi'
import { getFamilyReach, getServerFamilyReach, loadFamilyReach, subscribeFamilyReach } from '@/react/wagmi/familyReach'
import { walletEnvironment } from '@/react/wagmi/walletEnvironment'
import { type WalletOption, walletOptions } from '@/react/wagmi/walletOptions'
import { useMessages } from '@sigil/lib/i18n/LocaleProvider'
import { usePublicConfigIfAny } from '@/react/components/publicConfigContext'
import { deploymentBook } from '@sigil/wallet-book/index'
import { applyWalletList } from './walletList'

// The book's wallets and the deployment's own (sigil.config.ts `wallets.custom`).
const isBookWallet = (key: string) => Object.hasOwn(deploymentBook(), key)

export type { WalletOption }

/**
 * The connect dialog's list: every installed wallet (EIP-6963, deduplicated by rdns; window
 * providers; the generic browser wallet) first, then the wallet-book's other wallets with an
 * install link (desktop) or an "open in the wallet" action (phone). Follows announcements and
 * late injections as they happen; empty on the server.
 */
export function useWalletOptions(): WalletOption[] {
  const connectors = useConnectors()
  const environment = useSyncExternalStore(walletEnvironment.subscribe, walletEnvironment.getSnapshot, walletEnvironment.getServerSnapshot)
  const reaches = useSyncExternalStore(subscribeFamilyReach, getFamilyReach, getServerFamilyReach)
  const messages = useMessages()
  const walletList = usePublicConfigIfAny()?.walletList
  // Normally loaded with the dialog's chunk already (loadConnectDialog); a no-op then.
  useEffect(() => void loadFamilyReach().catch(() => undefined), [])
  return useMemo(() => {
    if (!environment.win) return []
    // The deployment's choices (sigil.config.ts `wallets`) over the rows, among the book's wallets.
    return applyWalletList(walletOptions({ ...environment, connectors, reaches, messages, getHref: () => window.location.href }), walletList, isBookWallet)
  }, [environment, connectors, reaches, messages, walletList])
}
