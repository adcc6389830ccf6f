'use client'
import type { Address } from 'viem'
import { WalletConfigProvider } from '@/app/_wagmi/clientWallet'
import type { KnownSession } from '@/lib/siwe/knownSession'
import { AccountView } from './AccountView'
import { SignInPanel } from './SignInPanel'
import { SignMessagePanel } from './SignMessagePanel'
import { SigilAccountProvider } from './SigilAccountProvider'

export type ConnectedViewProps = {
  address: Address
  chainId: number
  session: KnownSession
  onSessionChange: (session: { address: Address; chainId: number } | null) => void
  /** Take focus on mount (the connect dialog that had it is gone). */
  autoFocus: boolean
  onDisconnect: () => void
}

/**
 * Everything shown while a wallet is connected: the account, message signing, sign-in. Its chunk
 * carries the wallet runtime (app/_wagmi/walletRuntime.ts): on a reload while connected, it is what
 * starts the reconnect.
 */
export function ConnectedView(props: ConnectedViewProps) {
  return (
    <WalletConfigProvider>
      <SigilAccountProvider>
        <ConnectedPanels {...props} />
      </SigilAccountProvider>
    </WalletConfigProvider>
  )
}

function ConnectedPanels({ address, chainId, session, onSessionChange, autoFocus, onDisconnect }: ConnectedViewProps) {
  return (
    <div className="stack">
      <AccountView address={address} chainId={chainId} autoFocus={autoFocus} onDisconnect={onDisconnect} />
      <SignMessagePanel address={address} chainId={chainId} />
      <SignInPanel address={address} chainId={chainId} session={session} onSessionChange={onSessionChange} />
    </div>
  )
}
