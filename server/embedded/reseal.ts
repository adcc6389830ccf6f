import { existsSync } from 'node:fs'
import path from 'node:path'
import { envOf, type EnvInput } from '@/server/config/env'
import { openStore } from '@/server/store/openStore'
import { resealWalletEmails } from './emailAtRest'
import { resealRecoveryEnvelopes } from './recoveryEnvelope'
import { RECOVERY_KEY_FILE, recoveryKeyring, resolvePreviousRecoverySecrets, resolveRecoverySecret } from './recoveryKey'

/**
 * `npm run embedded:reseal`: the re-seal step of a recovery-key rotation (README, "Rotating the
 * recovery key"), on the store the app uses (`DATABASE_URL`, else the PGlite folder in `DATA_DIR`,
 * which must not be open in a running app: its lock refuses a second process). Reads the key ring
 * from `EMBEDDED_RECOVERY_KEY` and `EMBEDDED_RECOVERY_KEYS_PREVIOUS` exactly as the app does — but
 * never makes a key up: without `EMBEDDED_RECOVERY_KEY` it takes only a development key already in
 * the data folder. Prints one summary line (and one line per wallet it could not move); answers 0
 * when every wallet is under the current key, 1 otherwise (run it again, or fix the named keys).
 */
export async function runReseal(input: EnvInput, print: (line: string) => void): Promise<number> {
  const env = envOf(input)
  const folder = env.dataDir
  if (!env.recoveryKeySet && !existsSync(path.join(folder, RECOVERY_KEY_FILE))) {
    print('[sigil] re-seal: EMBEDDED_RECOVERY_KEY is not set (and there is no development key in DATA_DIR): set it to the new, current key.')
    return 1
  }
  const keyring = await recoveryKeyring(resolveRecoverySecret({ env, dataDir: folder }), resolvePreviousRecoverySecrets(env))
  print(`[sigil] re-seal: current recovery key ${keyring.current.kid}; previous: ${keyring.keys.slice(1).map((key) => key.kid).join(', ') || 'none'}`)
  const store = await openStore(env)
  try {
    const report = await resealRecoveryEnvelopes({ store, keyring })
    for (const failure of report.failed) print(`[sigil] re-seal: wallet ${failure.walletId} not moved: ${failure.reason}`)
    print(
      `[sigil] re-seal: ${report.checked} wallets checked, ${report.resealed} re-sealed, ${report.current} already current, ` +
        `${report.changed} changed meanwhile, ${report.failed.length} failed`,
    )
    // The emails too (server/embedded/emailAtRest.ts): plain ones from before migration 9 sealed, older keys' hashes and ciphertexts moved to the current key.
    const emails = await resealWalletEmails({ store, keyring })
    for (const failure of emails.failed) print(`[sigil] re-seal: email of wallet ${failure.walletId} not moved: ${failure.reason}`)
    print(`[sigil] re-seal: emails: ${emails.sealed} sealed from plain, ${emails.rekeyed} moved to the current key, ${emails.current} already current, ${emails.failed.length} failed`)
    return report.failed.length === 0 && report.changed === 0 && emails.failed.length === 0 ? 0 : 1
  } finally {
    await store.close()
  }
}
