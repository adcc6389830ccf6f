'use client'
// What another app writes to connect a wallet and sign in with Sigil's packages: wagmi's provider
// with Sigil's injected connector (the browser's wallet on window.ethereum), a button that
// connects, and one that signs in against its own route file (app/api/auth/[name]/route.ts).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { useState } from 'react'
import { mainnet } from 'viem/chains'
import { createConfig, http, useAccount, useConnect, useSignMessage, WagmiProvider } from 'wagmi'
import { injected } from '@sigil/connectors/injected/injected'
import { createSignInMessage, fetchNonce, isAuthError, verifySignIn } from '@sigil/lib/siwe/client'

const config = createConfig({ chains: [mainnet], connectors: [injected()], transports: { [mainnet.id]: http() }, ssr: true })
const queryClient = new QueryClient()

function Button() {
  const { address, chainId, isConnected } = useAccount()
  const { connect, connectors, error: connectError } = useConnect()
  const { signMessageAsync } = useSignMessage()
  const [status, setStatus] = useState('')

  async function signIn() {
    if (!address || !chainId) return
    try {
      const message = createSignInMessage({ address, chainId, nonce: await fetchNonce(), origin: window.location.origin })
      const signed = await verifySignIn({ message, signature: await signMessageAsync({ message }) })
      setStatus(`Signed in as ${signed.address}`)
    } catch (error) {
      setStatus(isAuthError(error) ? error.message : String(error))
    }
  }

  if (!isConnected) {
    return (
      <>
        <button type="button" onClick={() => connectors[0] && connect({ connector: connectors[0] })}>
          Connect
        </button>
        {connectError && <p role="alert">{connectError.message}</p>}
      </>
    )
  }
  return (
    <>
      <p>Connected: {address}</p>
      <button type="button" onClick={() => void signIn()}>
        Sign in
      </button>
      {status && <p role="status">{status}</p>}
    </>
  )
}

export function SignIn() {
  return (
    <WagmiProvider config={config}>
      <QueryClientProvider client={queryClient}>
        <Button />
      </QueryClientProvider>
    </WagmiProvider>
  )
}
