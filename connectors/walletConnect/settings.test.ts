import { describe, expect, it } from 'vitest'
import { EnvError } from '@sigil/lib/config/envError'
import { walletConnectSettings } from './settings'


describe('WalletConnect’s settings', () => {
  it('takes the project id (the older name when the new one is unset), empty when neither is set', () => {
    expect(walletConnectSettings.parse({})).toEqual({ walletConnectProjectId: '', walletConnectRelayUrl: undefined })
    expect(walletConnectSettings.parse({ NEXT_PUBLIC_WALLETCONNECT_PROJECT_ID: 'older' }).walletConnectProjectId).toBe('older')
    expect(walletConnectSettings.parse({ WALLETCONNECT_PROJECT_ID: 'pid', NEXT_PUBLIC_WALLETCONNECT_PROJECT_ID: 'older' }).walletConnectProjectId).toBe('pid')
  })

  it('takes a wss:// relay, and ws:// on loopback only', () => {
    expect(walletConnectSettings.parse({ WALLETCONNECT_RELAY_URL: ' wss://relay.example ' }).walletConnectRelayUrl).toBe('wss://relay.example')
    expect(walletConnectSettings.parse({ WALLETCONNECT_RELAY_URL: 'ws://127.0.0.1:9000' }).walletConnectRelayUrl).toBe('ws://127.0.0.1:9000')
  })

  it('WALLETCONNECT_RELAY_URL=ws://relay.example: a typed error naming it', () => {
    const parse = () => walletConnectSettings.parse({ WALLETCONNECT_RELAY_URL: 'ws://relay.example' })
    expect(parse).toThrow(EnvError)
    expect(parse).toThrow(
      expect.objectContaining({
        variable: 'WALLETCONNECT_RELAY_URL',
        code: 'env_invalid',
        message: 'WALLETCONNECT_RELAY_URL must be a wss:// address (ws:// only on loopback), got "ws://relay.example".',
      }),
    )
  })
})
