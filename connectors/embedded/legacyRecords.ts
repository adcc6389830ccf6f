import { getAddress, isAddress, type Address } from 'viem'
import { EMBEDDED_VAULT_DB } from '@sigil/lib/storageNames'

/**
 * Wallets made before the vault kept their encrypted record in the app's own origin (IndexedDB
 * `sigil-embedded`), under a passkey whose RP ID is the app's host. The page must not decrypt keys any
 * more, and the vault cannot read that record, so such a wallet comes back through email recovery in
 * the vault once; this module only finds those records' addresses (public) to say so, and deletes a
 * record once its wallet is back in the vault. It never reads or moves the ciphertext anywhere.
 */

async function openIfPresent(): Promise<IDBDatabase | undefined> {
  if (typeof indexedDB === 'undefined' || typeof indexedDB.databases !== 'function') return undefined
  const present = (await indexedDB.databases()).some((info) => info.name === EMBEDDED_VAULT_DB.name)
  if (!present) return undefined
  return new Promise((resolve) => {
    const open = indexedDB.open(EMBEDDED_VAULT_DB.name)
    open.onsuccess = () => resolve(open.result)
    open.onerror = () => resolve(undefined)
  })
}

function addressesIn(db: IDBDatabase): Promise<{ walletId: string; address: Address }[]> {
  if (!db.objectStoreNames.contains(EMBEDDED_VAULT_DB.store)) return Promise.resolve([])
  return new Promise((resolve) => {
    const request = db.transaction(EMBEDDED_VAULT_DB.store, 'readonly').objectStore(EMBEDDED_VAULT_DB.store).getAll()
    request.onsuccess = () =>
      resolve(
        (request.result as { walletId?: unknown; address?: unknown }[])
          .filter((record) => typeof record.walletId === 'string' && typeof record.address === 'string' && isAddress(record.address, { strict: false }))
          .map((record) => ({ walletId: record.walletId as string, address: getAddress(record.address as string) })),
      )
    request.onerror = () => resolve([])
  })
}

/** The addresses of wallets this browser still holds from before the vault (none when there are none). */
export async function legacyWalletAddresses(): Promise<Address[]> {
  const db = await openIfPresent().catch(() => undefined)
  if (!db) return []
  try {
    return (await addressesIn(db)).map((record) => record.address)
  } finally {
    db.close()
  }
}

/** Deletes the old record of `address` (its wallet is back, in the vault); the database goes with the last one. */
export async function forgetLegacyWallet(address: Address): Promise<void> {
  const db = await openIfPresent().catch(() => undefined)
  if (!db) return
  const records = await addressesIn(db)
  const mine = records.filter((record) => record.address === getAddress(address))
  if (mine.length === 0) return db.close()
  await new Promise<void>((resolve) => {
    const transaction = db.transaction(EMBEDDED_VAULT_DB.store, 'readwrite')
    for (const record of mine) transaction.objectStore(EMBEDDED_VAULT_DB.store).delete(record.walletId)
    transaction.oncomplete = () => resolve()
    transaction.onerror = () => resolve()
  })
  db.close()
  if (mine.length === records.length) indexedDB.deleteDatabase(EMBEDDED_VAULT_DB.name)
}
