'use client'
import { useEffect, useRef } from 'react'
import { getAddress, type Address } from 'viem'
import { useChains } from 'wagmi'
import { ErrorAlert } from '@/lib/i18n/ErrorAlert'
import { useLocale } from '@/lib/i18n/LocaleProvider'
import { useT } from '@/lib/i18n/useT'
import { formatBalance } from '../_lib/formatBalance'
import { shortenAddress } from '../_lib/shortenAddress'
import { ChainMenu } from './ChainMenu'
import { CopyAddressButton } from './CopyAddressButton'
import { DisconnectButton } from './DisconnectButton'
import { useChainSwitch } from './useChainSwitch'
import { useEnsProfile } from './useEnsProfile'
import { useNativeBalance } from './useNativeBalance'
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
  const t = useT()
  const locale = useLocale()
  const chains = useChains()
  const { pending, error, errorCode, switchTo } = useChainSwitch(chainId)
  useSigilTestHandle(switchTo)
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    if (autoFocus) heading.current?.focus()
  }, [autoFocus])

  const checksummed = getAddress(address)
  const chain = chains.find((candidate) => candidate.id === chainId)
  const supported = chain !== undefined
  const fallback = chains[0]
  const ens = useEnsProfile(checksummed)
  const balance = useNativeBalance(checksummed, chainId, supported)

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
            {ens?.avatar && (
              // Decorative: the name beside it says who this is. No referrer for the avatar's host.
              // eslint-disable-next-line @next/next/no-img-element -- a data URI or the owner's https address, shown as is
              <img className="avatar" src={ens.avatar} alt="" width={24} height={24} referrerPolicy="no-referrer" data-testid="account-avatar" />
            )}
            {ens?.name && (
              <span className="ens-name" data-testid="account-ens-name">
                {ens.name}
              </span>
            )}
            <span className="address" data-testid="account-address" title={checksummed}>
              {shortenAddress(checksummed)}
            </span>
            <CopyAddressButton address={checksummed} />
          </dd>
        </div>
        {balance !== undefined && chain && (
          <div>
            <dt>{t('account.balance')}</dt>
            <dd data-testid="account-balance" data-value={balance.toString()}>
              {formatBalance(balance, chain.nativeCurrency.decimals, chain.nativeCurrency.symbol, undefined, locale)}
            </dd>
          </div>
        )}
        <div>
          <dt>{t('account.network')}</dt>
          <dd>
            <ChainMenu chains={chains} chainId={chainId} pending={pending} onSelect={(id) => void switchTo(id)} />
          </dd>
        </div>
      </dl>
      {error && (
        <ErrorAlert error={{ message: error, code: errorCode ?? undefined }} testId="chain-error" />
      )}
      <div className="row end">
        <DisconnectButton onDisconnect={onDisconnect} />
      </div>
    </section>
  )
}
