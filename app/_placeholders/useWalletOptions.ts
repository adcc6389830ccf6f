'use client'
import { useConnectors } from 'wagmi'
import type { Connector } from '@wagmi/core'
import { connectorKey } from '@/connectors/shared/connectorKey'
import type { SigilError } from '@/lib/errors/SigilError'
import { InAppBrowserBaseNotFoundError } from '@/lib/errors/wallet'

export type WalletOption = {
  key: string
  name: string
  icon: string
  installed: boolean
  connector?: Connector | undefined
  installUrl?: string | undefined
  openInApp?: (() => void) | undefined
  error?: SigilError | undefined
}

const blank = 'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"%3E%3Crect width="32" height="32" rx="8" fill="%23888"/%3E%3C/svg%3E'

export function useWalletOptions(): WalletOption[] {
  const connectors = useConnectors()
  const installed: WalletOption[] = connectors.map((connector) => ({
    key: connectorKey(connector.name),
    name: connector.name,
    icon: connector.icon ?? blank,
    installed: true,
    connector,
  }))
  const keys = new Set(installed.map((option) => option.key))
  const book: WalletOption[] = [
    {
      key: 'metamask',
      name: 'MetaMask',
      icon: blank,
      installed: false,
      installUrl: 'https://metamask.io/download/',
      openInApp: () => window.location.assign(`https://metamask.app.link/dapp/${window.location.href}`),
    },
    { key: 'rabby', name: 'Rabby', icon: blank, installed: false, installUrl: 'https://rabby.io/', error: new InAppBrowserBaseNotFoundError('Rabby') },
  ]
  return [...installed, ...book.filter((option) => !keys.has(option.key))]
}
