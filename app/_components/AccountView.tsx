'use client'
import { useEffect, useRef } from 'react'
import { getAddress, type Address } from 'viem'
import { useChains } from 'wagmi'
import { t } from '@/lib/i18n/t'
import { shortenAddress } from '../_lib/shortenAddress'
import { ChainMenu } from './ChainMenu'
import { CopyAddressButton } from './CopyAddressButton'
import { DisconnectButton } from './DisconnectButton'
import { useChainSwitch } from './useChainSwitch'
import { useSigilTestHandle } from './useSigilTestHandle'
import { WrongNetworkBanner } from './WrongNetworkBanner'

export type AccountViewProps = {
  address: Address
  /** The wallet's current chain, supported or not. */
  chainId: number
  /** Take focus on mount (the connect dialog that had it is gone). */
  autoFocus?: boolean | undefined
  onDisconnect?: (() => void) | undefined
}

/** The connected account: address with copy, network menu, wrong-network banner, disconnect. */
export function AccountView({ address, chainId, autoFocus, onDisconnect }: AccountViewProps) {
  const chains = useChains()
  const { pending, error, errorCode, switchTo } = useChainSwitch()
  useSigilTestHandle(switchTo)
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    if (autoFocus) heading.current?.focus()
  }, [autoFocus])

  const checksummed = getAddress(address)
  const supported = chains.some((chain) => chain.id === chainId)
  const fallback = chains[0]

  return (
    <section className="card" aria-labelledby="account-heading">
      <h2 id="account-heading" ref={heading} tabIndex={-1}>
        {t('account.heading')}
      </h2>
      {!supported && fallback && (
        <WrongNetworkBanner target={fallback} pending={pending !== null} onSwitch={() => void switchTo(fallback.id)} />
      )}
      <dl className="facts">
        <div>
          <dt>{t('account.address')}</dt>
          <dd className="row">
            <span className="address" data-testid="account-address" title={checksummed}>
              {shortenAddress(checksummed)}
            </span>
            <CopyAddressButton address={checksummed} />
          </dd>
        </div>
        <div>
          <dt>{t('account.network')}</dt>
          <dd>
            <ChainMenu chains={chains} chainId={chainId} pending={pending} onSelect={(id) => void switchTo(id)} />
          </dd>
        </div>
      </dl>
      {error && (
        <p role="alert" className="error-text" data-testid="chain-error" data-code={errorCode ?? undefined}>
          {error}
        </p>
      )}
      <div className="row end">
        <DisconnectButton onDisconnect={onDisconnect} />
      </div>
    </section>
  )
}
