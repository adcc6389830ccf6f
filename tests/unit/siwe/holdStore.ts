/**
 * Child process for the data-folder lock tests: opens the embedded store on the folder given as
 * argument, records a nonce, prints "ready" and holds the store until SIGTERM (then closes cleanly).
 * If the folder is locked it prints the error on stderr and exits with code 3.
 */
import { openPgliteStore } from '@sigil/server/store/pgliteStore'
import { StoreLockedError } from '@sigil/server/store/errors'

async function main(): Promise<void> {
  const [dataDir, nonce = 'heldnonce1'] = process.argv.slice(2)
  if (!dataDir) throw new Error('usage: holdStore <dataDir> [nonce]')
  try {
    const store = await openPgliteStore({ dataDir })
    await store.putNonce({ nonce, binding: `pid-${process.pid}`, expiresAt: new Date(Date.now() + 300_000) })
    process.once('SIGTERM', () => {
      store.close().then(() => process.exit(0), () => process.exit(1))
    })
    process.stdout.write('ready\n')
    setInterval(() => undefined, 60_000)
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`)
    process.exit(error instanceof StoreLockedError ? 3 : 1)
  }
}

void main()
