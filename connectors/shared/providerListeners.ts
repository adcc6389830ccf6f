type Listener = (...args: never[]) => void

/**
 * Anything with EIP-1193's `on` (SDK providers type theirs per event, hence the loose signature);
 * `removeListener` (or `off`) is looked up when detaching.
 */
type EventSource = { on(...args: never[]): unknown }
type On = (event: string, listener: Listener) => unknown

/** The connector methods a wallet's EIP-1193 events call (wagmi's `Connector` has all three). */
export type WalletEventHandlers = {
  onAccountsChanged(accounts: string[]): void
  onChainChanged(chainId: string): void
  onDisconnect(error?: Error): void
}

/** EIP-1193's three events, bound to a connector's handlers. */
export function eip1193Listeners(handlers: WalletEventHandlers): Record<string, Listener> {
  return {
    accountsChanged: (accounts: string[]) => handlers.onAccountsChanged(accounts),
    chainChanged: (chainId: string) => handlers.onChainChanged(chainId),
    disconnect: (error?: Error) => handlers.onDisconnect(error),
  }
}

/**
 * A connector's listeners on its provider: attached once per provider and removed symmetrically, so
 * connect, reconnect and disconnect can run in any order without doubling or leaking a listener.
 */
export function createProviderListeners() {
  let current: { source: EventSource; listeners: Record<string, Listener> } | undefined
  return {
    attach(source: EventSource, listeners: Record<string, Listener>): void {
      if (current?.source === source) return
      this.detach()
      for (const [event, listener] of Object.entries(listeners)) (source.on as On).call(source, event, listener)
      current = { source, listeners }
    },
    detach(): void {
      if (!current) return
      const { source, listeners } = current
      current = undefined
      // Some injected providers have only `off`, or neither (then there is nothing to undo).
      let remove: unknown
      try {
        remove = (source as { removeListener?: unknown }).removeListener ?? (source as { off?: unknown }).off
      } catch {
        return
      }
      if (typeof remove !== 'function') return
      for (const [event, listener] of Object.entries(listeners)) remove.call(source, event, listener)
    },
  }
}
