/**
 * The embedded wallet's statements for pairing a new device: opening a pairing, reading and peeking
 * at it, claiming, approving and completing it (the new passkey and its log entry in one
 * transaction), and cancelling it.
 */
import type { ApprovePairingOutcome, ClaimPairingOutcome, CompletePairingOutcome, EmbeddedWalletStore, PairingRecord } from './embeddedTypes'
import { appendWalletEvent, type Guard, iso, Refusal, refusable, toDate, toDateOrNull, type TransactionalQueryable } from './embeddedSqlShared'

type PairingRow = {
  pairing_id: string
  wallet_id: string
  code_hash: string
  owner_hash: string
  created_at: Date | string
  expires_at: Date | string
  claim_hash: string | null
  claimant_key: string | null
  claimed_at: Date | string | null
  sealed_key: string | null
  sealed_vault: string | null
  approved_at: Date | string | null
  credential_id: string | null
  completed_at: Date | string | null
  cancelled_at: Date | string | null
  owner_browser: string | null
  owner_place: string | null
}
const PAIRING_COLUMNS =
  'pairing_id, wallet_id, code_hash, owner_hash, created_at, expires_at, claim_hash, claimant_key, claimed_at, sealed_key, sealed_vault, approved_at, credential_id, completed_at, cancelled_at, owner_browser, owner_place'
const pairing = (row: PairingRow): PairingRecord => ({
  pairingId: row.pairing_id,
  walletId: row.wallet_id,
  codeHash: row.code_hash,
  ownerHash: row.owner_hash,
  createdAt: toDate(row.created_at),
  expiresAt: toDate(row.expires_at),
  claimHash: row.claim_hash,
  claimantKey: row.claimant_key,
  claimedAt: toDateOrNull(row.claimed_at),
  sealedKey: row.sealed_key,
  sealedVault: row.sealed_vault,
  approvedAt: toDateOrNull(row.approved_at),
  credentialId: row.credential_id,
  completedAt: toDateOrNull(row.completed_at),
  cancelledAt: toDateOrNull(row.cancelled_at),  ownerBrowser: row.owner_browser ?? null,
  ownerPlace: row.owner_place ?? null,
})

/** Why a pairing's conditional update matched nothing: gone, past its time, or past that step. */
function pairingRefusal(row: PairingRow | undefined, now: Date): 'unknown' | 'expired' | 'used' {
  if (!row) return 'unknown'
  if (row.completed_at !== null || row.cancelled_at !== null) return 'used'
  if (toDate(row.expires_at).getTime() <= now.getTime()) return 'expired'
  return 'used'
}

/** The pairing statements, on either driver. */
export function embeddedPairingSql(driver: TransactionalQueryable, guarded: Guard): Pick<
  EmbeddedWalletStore,
  | 'createPairing'
  | 'getPairing'
  | 'peekPairing'
  | 'claimPairing'
  | 'approvePairing'
  | 'completePairing'
  | 'cancelPairing'
> {
  return {
    async createPairing(record) {
      const { rows } = await guarded('open the pairing', () =>
        driver.query(
          `INSERT INTO sigil_embedded_pairings (pairing_id, wallet_id, code_hash, owner_hash, created_at, expires_at, owner_browser, owner_place)
           VALUES ($1, $2, $3, $4, $5::timestamptz, $6::timestamptz, $7, $8) ON CONFLICT DO NOTHING RETURNING 1`,
          [record.pairingId, record.walletId, record.codeHash, record.ownerHash, iso(record.createdAt), iso(record.expiresAt), record.ownerBrowser, record.ownerPlace],
        ),
      )
      return rows.length === 1
    },

    async getPairing(pairingId) {
      const { rows } = await guarded('read the pairing', () => driver.query<PairingRow>(`SELECT ${PAIRING_COLUMNS} FROM sigil_embedded_pairings WHERE pairing_id = $1`, [pairingId]))
      return rows[0] ? pairing(rows[0]) : null
    },

    async peekPairing(codeHash, now) {
      const { rows } = await guarded('read the pairing', () => driver.query<PairingRow>(`SELECT ${PAIRING_COLUMNS} FROM sigil_embedded_pairings WHERE code_hash = $1`, [codeHash]))
      const row = rows[0]
      if (row && row.claim_hash === null && row.cancelled_at === null && row.completed_at === null && toDate(row.expires_at).getTime() > now.getTime()) return { kind: 'live', record: pairing(row) }
      return { kind: pairingRefusal(row, now) }
    },

    async claimPairing(codeHash, claim, now) {
      return guarded('claim the pairing', async (): Promise<ClaimPairingOutcome> => {
        // One conditional UPDATE: the row lock makes racing claims queue, and only the first still
        // finds claim_hash NULL.
        const claimed = await driver.query<PairingRow>(
          `UPDATE sigil_embedded_pairings SET claim_hash = $2, claimant_key = $3, claimed_at = $4::timestamptz
           WHERE code_hash = $1 AND claim_hash IS NULL AND cancelled_at IS NULL AND completed_at IS NULL AND expires_at > $4::timestamptz
           RETURNING ${PAIRING_COLUMNS}`,
          [codeHash, claim.claimHash, claim.claimantKey, iso(now)],
        )
        if (claimed.rows[0]) return { kind: 'claimed', record: pairing(claimed.rows[0]) }
        const { rows } = await driver.query<PairingRow>(`SELECT ${PAIRING_COLUMNS} FROM sigil_embedded_pairings WHERE code_hash = $1`, [codeHash])
        return { kind: pairingRefusal(rows[0], now) }
      })
    },

    async approvePairing(pairingId, ownerHash, sealed, now) {
      return guarded('approve the pairing', async (): Promise<ApprovePairingOutcome> => {
        const approved = await driver.query(
          `UPDATE sigil_embedded_pairings SET sealed_key = $3, sealed_vault = $4, approved_at = $5::timestamptz
           WHERE pairing_id = $1 AND owner_hash = $2 AND claim_hash IS NOT NULL AND approved_at IS NULL
             AND cancelled_at IS NULL AND completed_at IS NULL AND expires_at > $5::timestamptz
           RETURNING 1`,
          [pairingId, ownerHash, sealed.sealedKey, sealed.sealedVault, iso(now)],
        )
        if (approved.rows.length === 1) return 'approved'
        const { rows } = await driver.query<PairingRow>(`SELECT ${PAIRING_COLUMNS} FROM sigil_embedded_pairings WHERE pairing_id = $1 AND owner_hash = $2`, [pairingId, ownerHash])
        const row = rows[0]
        if (row && row.claim_hash === null && row.cancelled_at === null && toDate(row.expires_at).getTime() > now.getTime()) return 'not_claimed'
        return pairingRefusal(row, now)
      })
    },

    async completePairing(pairingId, claimHash, added, now) {
      return guarded('add the device', () =>
        refusable(
          driver.transaction(async (tx): Promise<CompletePairingOutcome> => {
            // The sealed key goes with the completion: the server keeps no copy once it is delivered.
            const completed = await tx.query<PairingRow>(
              `UPDATE sigil_embedded_pairings SET completed_at = $3::timestamptz, credential_id = $4, sealed_key = NULL, sealed_vault = NULL
               WHERE pairing_id = $1 AND claim_hash = $2 AND wallet_id = $5 AND approved_at IS NOT NULL
                 AND cancelled_at IS NULL AND completed_at IS NULL AND expires_at > $3::timestamptz
               RETURNING ${PAIRING_COLUMNS}`,
              [pairingId, claimHash, iso(now), added.credentialId, added.walletId],
            )
            const row = completed.rows[0]
            if (!row) {
              const { rows } = await tx.query<PairingRow>(`SELECT ${PAIRING_COLUMNS} FROM sigil_embedded_pairings WHERE pairing_id = $1 AND claim_hash = $2`, [pairingId, claimHash])
              const found = rows[0]
              if (found && found.approved_at === null && found.cancelled_at === null && toDate(found.expires_at).getTime() > now.getTime()) return 'not_approved'
              return pairingRefusal(found, now)
            }
            const inserted = await tx.query(
              `INSERT INTO sigil_embedded_credentials (credential_id, wallet_id, public_key, counter, transports, created_at)
               VALUES ($1, $2, $3, $4, $5, $6::timestamptz) ON CONFLICT (credential_id) DO NOTHING RETURNING 1`,
              [added.credentialId, added.walletId, added.publicKey, added.counter, added.transports, iso(added.createdAt)],
            )
            if (inserted.rows.length !== 1) throw new Refusal<CompletePairingOutcome>('credential_exists')
            await appendWalletEvent(tx, { walletId: row.wallet_id, kind: 'device_added', at: now, detail: { credentialId: added.credentialId, pairingId } })
            return 'completed'
          }),
        ),
      )
    },

    async cancelPairing(pairingId, ownerHash, now) {
      const { rows } = await guarded('cancel the pairing', () =>
        driver.query(
          `UPDATE sigil_embedded_pairings SET cancelled_at = $3::timestamptz, sealed_key = NULL, sealed_vault = NULL
           WHERE pairing_id = $1 AND owner_hash = $2 AND cancelled_at IS NULL AND completed_at IS NULL RETURNING 1`,
          [pairingId, ownerHash, iso(now)],
        ),
      )
      return rows.length === 1
    },
  }
}
