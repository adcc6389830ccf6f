import type { Address } from 'viem'
import { isChainId } from '@sigil/lib/chains'
import { ChainNotSupportedError } from '@sigil/lib/errors/wallet'
import { storageKey, storageKeys } from '@sigil/lib/storageNames'
import { parseAddress, tryParseAddress } from './parseAddress'
import { browserStorage, type KeyValueStorage } from './storage'

/**
 * The four values a connector keeps in the browser
 * (docs/connectors/stored-values.md#the-four-values-of-a-connector): active account as a bare
 * checksummed `0x…`, the session topic, the switched-network flag as `"true"` (key removed when false)
 * and the current chain as a decimal string (key removed when unset). A corrupt stored value
 * (hand-edited, written by an older version) is removed and read as absent.
 */
export type PersistedValues = {
  readonly keys: ReturnType<typeof storageKeys>
  getActiveAccount(): Address | undefined
  setActiveAccount(address: Address | undefined): void
  getSessionTopic(): string | undefined
  setSessionTopic(topic: string | undefined): void
  getSwitchedNetwork(): boolean
  setSwitchedNetwork(switched: boolean): void
  getCurrentChain(): number | undefined
  setCurrentChain(chainId: number | undefined): void
  /** Removes all four (end of a session). */
  clear(): void
}

const MAX_TOPIC_LENGTH = 256

function isTopic(value: string): boolean {
  return value.length > 0 && value.length <= MAX_TOPIC_LENGTH && !/\s/.test(value)
}

export function createPersistedValues(connectorKey: string, storage: KeyValueStorage = browserStorage): PersistedValues {
  const keys = storageKeys(connectorKey)

  /** Reads a key; a value `parse` rejects is removed so it cannot trouble the next read. */
  function read<T>(key: string, parse: (raw: string) => T | undefined): T | undefined {
    const raw = storage.getItem(key)
    if (raw === null) return undefined
    const value = parse(raw)
    if (value === undefined) storage.removeItem(key)
    return value
  }

  return {
    keys,
    getActiveAccount: () => read(keys.activeAccount, tryParseAddress),
    setActiveAccount(address) {
      if (address === undefined) storage.removeItem(keys.activeAccount)
      else storage.setItem(keys.activeAccount, parseAddress(address))
    },
    getSessionTopic: () => read(keys.sessionTopic, (raw) => (isTopic(raw) ? raw : undefined)),
    setSessionTopic(topic) {
      if (topic === undefined || !isTopic(topic)) storage.removeItem(keys.sessionTopic)
      else storage.setItem(keys.sessionTopic, topic)
    },
    getSwitchedNetwork: () => read(keys.switchedNetwork, (raw) => (raw === 'true' ? true : undefined)) ?? false,
    setSwitchedNetwork(switched) {
      if (switched) storage.setItem(keys.switchedNetwork, 'true')
      else storage.removeItem(keys.switchedNetwork)
    },
    getCurrentChain: () =>
      read(keys.currentChain, (raw) => {
        if (!/^[0-9]{1,16}$/.test(raw)) return undefined
        const id = Number(raw)
        return isChainId(id) ? id : undefined
      }),
    setCurrentChain(chainId) {
      if (chainId === undefined) return storage.removeItem(keys.currentChain)
      if (!isChainId(chainId)) throw new ChainNotSupportedError(String(chainId))
      storage.setItem(keys.currentChain, String(chainId))
    },
    clear() {
      for (const key of Object.values(keys)) storage.removeItem(key)
    },
  }
}

/**
 * The connector keys a stored connection names (an active account or a WalletConnect session topic):
 * the connectors a reload may restore. One pass over the storage's names, nothing parsed.
 */
export function storedConnectionKeys(storage: KeyValueStorage = browserStorage): Set<string> {
  const prefixes = [storageKey('activeAccount', ''), storageKey('sessionTopic', '')]
  const keys = new Set<string>()
  for (const name of storage.names()) {
    const prefix = prefixes.find((candidate) => name.startsWith(candidate))
    if (prefix && name.length > prefix.length) keys.add(name.slice(prefix.length))
  }
  return keys
}
