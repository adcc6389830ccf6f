import { browserStorage, type KeyValueStorage } from '@sigil/connectors/shared/storage'
import { appStorageKey, storageKeys } from '@sigil/lib/storageNames'

/**
 * The wallet the user last connected with, remembered so the connect dialog can list it first. It
 * is the dialog row's key (`metamask`, `walletconnect`, `embedded`…), kept in the browser's
 * `localStorage` under `sigil.lastUsedWallet` and nowhere else: no cookie, no server copy, so
 * clearing the site's data forgets it. A disconnect leaves it (it names no session), "Forget" removes it.
 */
export type LastUsedWallet = {
  readonly key: string
  get(): string | undefined
  remember(walletKey: string): void
  forget(): void
}

/** Row keys are connector keys and wallet-book keys: word characters, and `.`, `:`, `-` at most. */
const WALLET_KEY = /^[\w.:-]{1,100}$/

export function createLastUsedWallet(storage: KeyValueStorage = browserStorage): LastUsedWallet {
  const key = appStorageKey('lastUsedWallet')
  return {
    key,
    get() {
      const raw = storage.getItem(key)
      if (raw === null) return undefined
      if (WALLET_KEY.test(raw)) return raw
      // Hand-edited or written by something else: removed so it cannot trouble the next read.
      storage.removeItem(key)
      return undefined
    },
    remember(walletKey) {
      if (WALLET_KEY.test(walletKey)) storage.setItem(key, walletKey)
    },
    forget() {
      storage.removeItem(key)
    },
  }
}
