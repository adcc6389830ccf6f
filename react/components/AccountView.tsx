'use client'
import { useEffect, useRef } from 'react'
import { getAddress, type Address } from 'viem'
import { useAccount, useChains } from 'wagmi'
import { ErrorAlert } from '@sigil/lib/i18n/ErrorAlert'
import { useLocale, useMessages } from '@sigil/lib/i18n/LocaleProvider'
import { useT } from '@sigil/lib/i18n/useT'
import { formatBalance } from '../lib/formatBalance'
import { shortenAddress } from '../lib/shortenAddress'
import { truncateEnsName } from '../lib/truncateEnsName'
import { ChainMenu } from './ChainMenu'
import { CopyAddressButton } from './CopyAddressButton'
import { DisconnectButton } from './DisconnectButton'
import { FamilyAccountActions } from './FamilyAccountActions'
import { useChainSwitch } from './useChainSwitch'
import { useChainSwitchOptions } from './useChainSwitchOptions'
import { useEnsProfile } from './useEnsProfile'
import { useNativeBalance } from './useNativeBalance'
import { localChain } from '@sigil/lib/chains'
import { familyName } from '../wagmi/familyName'
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
  const { pending, error, errorCode, errorReason, switchTo, walletMoved } = useChainSwitch(chainId)
  const { blocked: blockedCodes, recheck: recheckChains, confirm: confirmChain } = useChainSwitchOptions(chainId)
  useSigilTestHandle(switchTo)
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    if (autoFocus) heading.current?.focus()
  }, [autoFocus])

  const checksummed = getAddress(address)
  const chain = chains.find((candidate) => candidate.id === chainId)
  const supported = chain !== undefined
  // The wrong-network banner's switch goes to the first chain this wallet can be asked for.
  const fallback = chains.find((candidate) => !blockedCodes.has(candidate.id))
  const blocked = new Map([...blockedCodes].map(([id, code]) => [id, t(`chain.blocked.${code}`)] as const))
  const ens = useEnsProfile(checksummed)
  const { value: balance, unreachable } = useNativeBalance(checksummed, chainId, supported)
  const wallet = useConnectedWallet()

  return (
    <section className="card" aria-labelledby="account-heading">
      <h2 id="account-heading" ref={heading} tabIndex={-1}>
        {t('account.heading')}
      </h2>
      {!supported && (
        <WrongNetworkBanner
          target={fallback}
          pending={pending !== null}
          // The banner already says the network is wrong: the wallet's own move adds nothing to it.
          error={error && !walletMoved ? { message: error, code: errorCode, reason: errorReason ?? undefined } : null}
          code={walletMoved ? errorCode : null}
          onSwitch={() => fallback && void switchTo(fallback.id)}
        />
      )}
      <dl className="facts">
        {wallet && (
          <div>
            <dt>{t('account.wallet')}</dt>
            <dd className="row" data-testid="account-wallet">
              {wallet.icon && (
                // Decorative beside the name. Only the connector's own icon (a data URI or this site's
                // path), never a wallet's self-declared third-party URL.
                // eslint-disable-next-line @next/next/no-img-element -- a data URI or same-origin path
                <img className="avatar" src={wallet.icon} alt="" width={24} height={24} data-testid="account-wallet-icon" />
              )}
              <span data-testid="account-wallet-name">{wallet.name}</span>
            </dd>
          </div>
        )}
        <div>
          <dt>{t('account.address')}</dt>
          <dd className="row">
            {ens?.avatar && (
              // Decorative: the name beside it says who this is. Always this origin's
              // `/api/ens/<address>/avatar`, an image the server fetched and checked.
              // eslint-disable-next-line @next/next/no-img-element -- a same-origin image endpoint, not a static asset
              <img className="avatar" src={ens.avatar} alt="" width={24} height={24} data-testid="account-avatar" />
            )}
            {ens?.name && <EnsName name={ens.name} />}
            <span className="address" data-testid="account-address" title={checksummed}>
              {shortenAddress(checksummed)}
            </span>
            <CopyAddressButton address={checksummed} />
          </dd>
        </div>
        {chain && (
          // Its place is kept from the first frame: the balance arriving shifts nothing (CLS 0).
          <div>
            <dt>{t('account.balance')}</dt>
            {balance === undefined ? (
              <dd className="muted" aria-busy={unreachable ? undefined : 'true'} data-testid="account-balance-loading">
                {unreachable ? t('account.balanceUnavailable') : '…'}
              </dd>
            ) : (
              <dd data-testid="account-balance" data-value={balance.toString()}>
                {formatBalance(balance, chain.nativeCurrency.decimals, chain.nativeCurrency.symbol, undefined, locale)}
              </dd>
            )}
          </div>
        )}
        <div>
          <dt>{t('account.network')}</dt>
          <dd>
            <ChainMenu chains={chains} chainId={chainId} pending={pending} blocked={blocked} onSelect={(id) => void switchTo(id)} onOpen={recheckChains} confirmBlocked={confirmChain} />
          </dd>
        </div>
      </dl>
      {unreachable && chainId === localChain.id && (
        // Said once, here, not in the console every few seconds: the developer's next step.
        <p className="muted" role="note" data-testid="local-chain-down">
          {t('account.localChainDown')} <code>npx anvil</code>
        </p>
      )}
      {error && supported && (
        <ErrorAlert error={{ message: error, code: errorCode ?? undefined, reason: errorReason ?? undefined }} testId="chain-error" />
      )}
      <div className="row end">
        <FamilyAccountActions />
        <DisconnectButton onDisconnect={onDisconnect} />
      </div>
    </section>
  )
}

/**
 * The connected wallet as the user knows it: the peer's own name over a generic WalletConnect
 * session, else the connector's name (a family's in the page's language); its icon only when it is ours to show (data URI or same-origin).
 */
function useConnectedWallet(): { name: string; icon: string | undefined } | undefined {
  const { connector } = useAccount()
  const messages = useMessages()
  if (!connector) return undefined
  const sigil = (connector as { sigil?: { session?: { peerMetadata?: { name?: unknown } | undefined } | undefined } }).sigil
  const peerName = sigil?.session?.peerMetadata?.name
  const name = connector.type === 'walletConnect' && typeof peerName === 'string' && peerName.trim() ? peerName.trim().slice(0, 64) : (familyName(connector, messages) ?? connector.name)
  const icon = connector.icon && (connector.icon.startsWith('data:image/') || connector.icon.startsWith('/')) ? connector.icon : undefined
  return { name, icon }
}

/**
 * A primary name (already through the server's display rules, server/ens/displayName.ts) in its own
 * bidi isolate, so it cannot reorder the address beside it; a long label is cut with a visible
 * ellipsis, and the full name is then the title and the accessible text.
 */
function EnsName({ name }: { name: string }) {
  const { shown, truncated } = truncateEnsName(name)
  if (!truncated) {
    return (
      <bdi className="ens-name" data-testid="account-ens-name">
        {name}
      </bdi>
    )
  }
  return (
    <bdi className="ens-name" data-testid="account-ens-name" title={name}>
      <span aria-hidden="true" data-testid="account-ens-name-shown">
        {shown}
      </span>
      <span className="visually-hidden">{name}</span>
    </bdi>
  )
}
