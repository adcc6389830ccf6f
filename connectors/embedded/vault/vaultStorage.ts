import { getAddress, isAddress, type Address } from 'viem'
import { isSealed, type Sealed } from '@sigil/lib/embedded/crypto/keyWrapping'
import { WalletStorageUnavailableError } from '@sigil/lib/embedded/errors'
import type { LogHead } from '@sigil/lib/embedded/walletLog'
import { EMBEDDED_VAULT_DB } from '@sigil/lib/storageNames'

/**
 * What a device keeps of a wallet, in IndexedDB: ciphertext and public facts only. The mnemonic is
 * sealed under the data key, the data key under the passkey's PRF-derived key; neither key, the
 * PRF output nor the mnemonic is ever written anywhere (no localStorage, no cookie).
 */
export type VaultRecord = {
  version: 1
  walletId: string
  address: Address
  email: string
  /** base64url `rawId` of the passkey whose PRF wraps `wrappedKey`. */
  credentialId: string
  /** base64url PRF salt (`eval.first`) for that passkey. */
  prfSalt: string
  /** The data key under the PRF-derived wrapping key. */
  wrappedKey: Sealed
  /** The BIP-39 mnemonic under the data key. */
  mnemonic: Sealed
  /** ISO 8601: when this device's record was written (creation or recovery). */
  savedAt: string
  /** The newest entry of the wallet's log this device checked (`wallet.activity`); a later log must hold it. */
  logHead?: LogHead | undefined
}

/** The device's wallet records; an interface so tests (and non-browser hosts) can keep them in memory. */
export type VaultStorage = {
  list(): Promise<VaultRecord[]>
  get(walletId: string): Promise<VaultRecord | undefined>
  put(record: VaultRecord): Promise<void>
  remove(walletId: string): Promise<void>
}

const DB_NAME = EMBEDDED_VAULT_DB.name
const STORE = EMBEDDED_VAULT_DB.store

/** Shape check on read: a record from an older version or edited by hand is skipped, not trusted. */
function isVaultRecord(value: unknown): value is VaultRecord {
  if (!value || typeof value !== 'object') return false
  const record = value as Record<string, unknown>
  return (
    record.version === 1 &&
    typeof record.walletId === 'string' &&
    typeof record.address === 'string' && isAddress(record.address) &&
    typeof record.email === 'string' &&
    typeof record.credentialId === 'string' &&
    typeof record.prfSalt === 'string' &&
    isSealed(record.wrappedKey) &&
    isSealed(record.mnemonic) &&
    typeof record.savedAt === 'string' &&
    (record.logHead === undefined || isLogHead(record.logHead))
  )
}

function isLogHead(value: unknown): value is LogHead {
  if (!value || typeof value !== 'object') return false
  const { seq, hash } = value as Record<string, unknown>
  return typeof seq === 'number' && Number.isSafeInteger(seq) && seq > 0 && typeof hash === 'string'
}

/** Newest first: the wallet this device used last is the one offered. */
function newestFirst(records: readonly VaultRecord[]): VaultRecord[] {
  return [...records].sort((a, b) => b.savedAt.localeCompare(a.savedAt))
}

function request<T>(run: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    run.onsuccess = () => resolve(run.result)
    run.onerror = () => reject(run.error)
  })
}

/** IndexedDB, opened on first use (never at module scope: SSR). */
export function createIndexedDbVaultStorage(factory: () => IDBFactory | undefined = () => globalThis.indexedDB): VaultStorage {
  let opening: Promise<IDBDatabase> | undefined

  function database(): Promise<IDBDatabase> {
    opening ??= new Promise<IDBDatabase>((resolve, reject) => {
      const idb = factory()
      if (!idb) return reject(new WalletStorageUnavailableError({ details: 'no indexedDB' }))
      let open: IDBOpenDBRequest
      try {
        open = idb.open(DB_NAME, 1)
      } catch (cause) {
        return reject(new WalletStorageUnavailableError({ cause }))
      }
      open.onupgradeneeded = () => {
        if (!open.result.objectStoreNames.contains(STORE)) open.result.createObjectStore(STORE, { keyPath: 'walletId' })
      }
      open.onsuccess = () => {
        const db = open.result
        // Another tab upgrading the schema: let it, and reopen on the next call.
        db.onversionchange = () => {
          db.close()
          opening = undefined
        }
        resolve(db)
      }
      open.onerror = () => reject(new WalletStorageUnavailableError({ cause: open.error }))
      open.onblocked = () => reject(new WalletStorageUnavailableError({ details: 'indexedDB open blocked' }))
    }).catch((error: unknown) => {
      opening = undefined
      throw error
    })
    return opening
  }

  async function run<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
    const db = await database()
    try {
      const transaction = db.transaction(STORE, mode)
      const result = await request(work(transaction.objectStore(STORE)))
      if (mode === 'readwrite') {
        await new Promise<void>((resolve, reject) => {
          transaction.oncomplete = () => resolve()
          transaction.onerror = () => reject(transaction.error)
          transaction.onabort = () => reject(transaction.error ?? new Error('transaction aborted'))
        })
      }
      return result
    } catch (cause) {
      throw new WalletStorageUnavailableError({ cause, details: cause instanceof Error ? cause.name : undefined })
    }
  }

  return {
    async list() {
      const all = await run('readonly', (store) => store.getAll() as IDBRequest<unknown[]>)
      return newestFirst(all.filter(isVaultRecord).map((record) => ({ ...record, address: getAddress(record.address) })))
    },
    async get(walletId) {
      const found = await run('readonly', (store) => store.get(walletId) as IDBRequest<unknown>)
      return isVaultRecord(found) ? { ...found, address: getAddress(found.address) } : undefined
    },
    async put(record) {
      await run('readwrite', (store) => store.put(record))
    },
    async remove(walletId) {
      await run('readwrite', (store) => store.delete(walletId))
    },
  }
}

/** Records kept in memory: unit tests. */
export function createMemoryVaultStorage(initial: readonly VaultRecord[] = []): VaultStorage {
  const records = new Map(initial.map((record) => [record.walletId, structuredClone(record)]))
  return {
    list: async () => newestFirst([...records.values()].map((record) => structuredClone(record))),
    get: async (walletId) => {
      const found = records.get(walletId)
      return found ? structuredClone(found) : undefined
    },
    put: async (record) => void records.set(record.walletId, structuredClone(record)),
    remove: async (walletId) => void records.delete(walletId),
  }
}
