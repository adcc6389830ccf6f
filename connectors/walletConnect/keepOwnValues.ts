import { STORAGE_NAMESPACE } from '@sigil/lib/storageNames'
import { browserStorage, type KeyValueStorage } from '../shared/storage'

/**
 * The WalletConnect SDK's storage (`@walletconnect/keyvaluestorage`) runs a one-time migration the
 * first time it starts in a browser whose localStorage is not empty: every localStorage name that,
 * lower-cased, contains one of these is copied into the SDK's IndexedDB store and **deleted** from
 * localStorage. It marks the migration done only when it ran, so a first start on an empty
 * localStorage leaves it pending for the next page.
 *
 * The generic connector's values are named after its connector key, `walletconnect`
 * (docs/connectors/stored-values.md#the-connector-key: every name ends with the connector key), e.g.
 * `sigil.sessionTopic.walletconnect`: the first reload after a first pairing would lose them, and with
 * them the session (the stored topic no longer equals the SDK's, so the restore is refused and the page
 * shows itself disconnected).
 */
const SDK_MIGRATED_NAME_PARTS = ['wc@', 'walletconnect', 'wc_', 'wallet_connect'] as const

export function isNameTheSdkMigrates(name: string): boolean {
  const lower = name.toLowerCase()
  return SDK_MIGRATED_NAME_PARTS.some((part) => lower.includes(part))
}

function ownValuesAtRisk(storage: KeyValueStorage): Map<string, string> {
  const values = new Map<string, string>()
  for (const name of storage.names()) {
    if (!name.startsWith(`${STORAGE_NAMESPACE}.`) || !isNameTheSdkMigrates(name)) continue
    const value = storage.getItem(name)
    if (value !== null) values.set(name, value)
  }
  return values
}

/**
 * Starts the SDK (`start`) and puts back any of Sigil's own values its storage migration removed.
 * Nothing of Sigil's writes or clears a WalletConnect value in this tab while the SDK starts
 * (connecting and restoring wait for it), so a value present before and missing after was the
 * migration's doing, unless another tab removed it meanwhile (the user disconnected there): the
 * `storage` events of the other tabs (`otherTabs`, the window) name what they changed, and those
 * names are left as the other tab left them. The SDK's own names (`wc@2:…`) are left to it.
 */
export async function keepOwnValuesThroughSdkStart<T>(
  start: () => Promise<T>,
  storage: KeyValueStorage = browserStorage,
  otherTabs: EventTarget | undefined = typeof window === 'undefined' ? undefined : window,
): Promise<T> {
  let kept = new Map<string, string>()
  try {
    kept = ownValuesAtRisk(storage)
  } catch {
    // Storage access denied: there is nothing to keep.
  }
  // A `key` of null is another tab's `localStorage.clear()`: every name.
  const onOtherTab = (event: Event) => {
    const { key } = event as StorageEvent
    if (key === null) kept.clear()
    else kept.delete(key)
  }
  otherTabs?.addEventListener('storage', onOtherTab)
  try {
    return await start()
  } finally {
    otherTabs?.removeEventListener('storage', onOtherTab)
    for (const [name, value] of kept) {
      try {
        if (storage.getItem(name) === null) storage.setItem(name, value)
      } catch {
        // Quota or access denied: the value is simply not remembered (as in shared/storage.ts).
      }
    }
  }
}
