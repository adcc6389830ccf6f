'use client'
import { WalletConfigProvider } from '@/react/wagmi/pageWallet'
import { AccountView } from './AccountView'
import { SignInPanel } from './SignInPanel'
import { SignMessagePanel } from './SignMessagePanel'
import { SigilAccountProvider } from './SigilAccountProvider'
import type { ConnectedViewProps } from './viewProps'

/**
 * Everything shown while a wallet is connected: the account, message signing, sign-in. Its chunk
 * carries the wallet runtime (react/wagmi/walletRuntime.ts): on a reload while connected, it is what
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
