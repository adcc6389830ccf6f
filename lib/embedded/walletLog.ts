import { sha256, stringToBytes } from 'viem'

/**
 * Each embedded wallet's event log, hash-chained (shared: the store appends, the vault checks):
 * every entry commits to the one before it, so an entry edited, removed or inserted in the database
 * breaks the chain from there on, and the owner (who can export the log from the vault) can check it
 * without trusting the server's answer.
 *
 * An entry's hash is SHA-256 over a fixed text: a version label, the wallet id, its sequence number
 * (1, 2, 3…), its kind, its time (ISO 8601, milliseconds, UTC), its detail as JSON with sorted keys,
 * and the previous entry's hash (64 zeros for the first).
 */

export type WalletEventKind =
  | 'created'
  | 'device_added'
  | 'recovery_started'
  | 'recovery_key_released'
  | 'recovery_completed'
  | 'recovery_cancelled'
  | 'settings_changed'

/** What an entry may say beyond its kind: short strings, numbers, booleans (never a secret). */
export type WalletEventDetail = Readonly<Record<string, string | number | boolean | null>>

export type WalletEvent = {
  walletId: string
  seq: number
  kind: WalletEventKind
  at: Date
  detail: WalletEventDetail
  prevHash: string
  hash: string
}

export const GENESIS_HASH = '0'.repeat(64)
const LABEL = 'sigil-wallet-log/v1'

function canonicalDetail(detail: WalletEventDetail): string {
  return JSON.stringify(Object.fromEntries(Object.entries(detail).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))))
}

/** The hash an entry must carry, from its fields and the previous entry's hash. */
export function walletEventHash(event: Omit<WalletEvent, 'hash'>): string {
  const text = [LABEL, event.walletId, String(event.seq), event.kind, event.at.toISOString(), canonicalDetail(event.detail), event.prevHash].join('\n')
  // viem's SHA-256 (synchronous, no node:crypto): the vault checks the same chain in the browser.
  return sha256(stringToBytes(text)).slice(2)
}

/** The next entry after `last` (or the first one), hash computed. */
export function nextWalletEvent(last: Pick<WalletEvent, 'seq' | 'hash'> | undefined, entry: { walletId: string; kind: WalletEventKind; at: Date; detail?: WalletEventDetail }): WalletEvent {
  const unsigned = { walletId: entry.walletId, seq: (last?.seq ?? 0) + 1, kind: entry.kind, at: entry.at, detail: entry.detail ?? {}, prevHash: last?.hash ?? GENESIS_HASH }
  return { ...unsigned, hash: walletEventHash(unsigned) }
}

export type ChainCheck = { ok: true; entries: number; head: string } | { ok: false; brokenAt: number; reason: 'sequence' | 'link' | 'hash' | 'wallet' | 'rewound' }

/** The newest entry a device checked of a wallet's log: a later log must still hold it, unchanged. */
export type LogHead = { seq: number; hash: string }

/**
 * `check` (a chain that checks out) against the head this device saw before: a server that drops its
 * newest entries (a recovery started, email recovery turned off) hands over a chain that still links
 * up from the first entry, so only what the device remembers can tell. Refused as `rewound` at the
 * remembered entry when the log no longer holds it as it was.
 */
export function checkAgainstHead(check: ChainCheck, events: readonly WalletEvent[], head: LogHead | undefined): ChainCheck {
  if (!check.ok || !head) return check
  const seen = events[head.seq - 1]
  return seen && seen.seq === head.seq && seen.hash === head.hash ? check : { ok: false, brokenAt: head.seq, reason: 'rewound' }
}

/**
 * Checks a wallet's log, in order: one wallet, sequence numbers 1, 2, 3… without gaps, each entry
 * linked to the one before, each hash right. The first entry that fails is named.
 */
export function verifyWalletLog(walletId: string, events: readonly WalletEvent[]): ChainCheck {
  let previous = GENESIS_HASH
  for (const [index, event] of events.entries()) {
    if (event.walletId !== walletId) return { ok: false, brokenAt: event.seq, reason: 'wallet' }
    if (event.seq !== index + 1) return { ok: false, brokenAt: event.seq, reason: 'sequence' }
    if (event.prevHash !== previous) return { ok: false, brokenAt: event.seq, reason: 'link' }
    if (walletEventHash(event) !== event.hash) return { ok: false, brokenAt: event.seq, reason: 'hash' }
    previous = event.hash
  }
  return { ok: true, entries: events.length, head: previous }
}
