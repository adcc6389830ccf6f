/**
 * What the embedded wallet's SQL parts (embeddedSql.ts composes them) share: the driver and guard
 * they run on, the date conversions, the refusal that rolls a transaction back, and the wallet log's
 * rows with the append every logged change makes in its own transaction.
 */
import type { Queryable } from './types'
import { nextWalletEvent, type WalletEvent, type WalletEventDetail, type WalletEventKind } from './walletLog'

export type Guard = <T>(what: string, fn: () => Promise<T>) => Promise<T>
/** The driver with transactions (each statement of `fn` on one connection, committed together). */
export type TransactionalQueryable = Queryable & { transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> }

export const toDate = (value: Date | string): Date => (value instanceof Date ? value : new Date(value))
export const toDateOrNull = (value: Date | string | null): Date | null => (value === null ? null : toDate(value))
export const iso = (date: Date) => date.toISOString()

/** Thrown inside a transaction to roll it back and answer `value` (a refusal, not a failure). */
export class Refusal<T> {
  constructor(readonly value: T) {}
}
export async function refusable<T>(work: Promise<T>): Promise<T> {
  try {
    return await work
  } catch (error) {
    if (error instanceof Refusal) return error.value as T
    throw error
  }
}

export type EventRow = { wallet_id: string; seq: number | string; kind: string; at: Date | string; detail: string; prev_hash: string; hash: string }
export const EVENT_COLUMNS = 'wallet_id, seq, kind, at, detail, prev_hash, hash'
export const walletEvent = (row: EventRow): WalletEvent => ({
  walletId: row.wallet_id,
  seq: Number(row.seq),
  kind: row.kind as WalletEventKind,
  at: toDate(row.at),
  detail: JSON.parse(row.detail) as WalletEventDetail,
  prevHash: row.prev_hash,
  hash: row.hash,
})

/**
 * Appends an entry to a wallet's log inside the caller's transaction (so it commits with the change
 * it records, or not at all), under a per-wallet lock: entries of one wallet are chained one at a time.
 */
export async function appendWalletEvent(tx: Queryable, entry: { walletId: string; kind: WalletEventKind; at: Date; detail?: WalletEventDetail }): Promise<WalletEvent> {
  await tx.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`sigil-wallet-log:${entry.walletId}`])
  const { rows } = await tx.query<{ seq: number | string; hash: string }>('SELECT seq, hash FROM sigil_embedded_wallet_events WHERE wallet_id = $1 ORDER BY seq DESC LIMIT 1', [entry.walletId])
  const last = rows[0] ? { seq: Number(rows[0].seq), hash: rows[0].hash } : undefined
  const event = nextWalletEvent(last, entry)
  await tx.query(
    `INSERT INTO sigil_embedded_wallet_events (${EVENT_COLUMNS}) VALUES ($1, $2, $3, $4::timestamptz, $5, $6, $7)`,
    [event.walletId, event.seq, event.kind, iso(event.at), JSON.stringify(event.detail), event.prevHash, event.hash],
  )
  return event
}
