import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { StoreLockedError } from '@sigil/server/store/errors'
import { LOCK_FILE_NAME } from '@sigil/server/store/folderLock'
import { openPgliteStore } from '@sigil/server/store/pgliteStore'
import { freshPgliteFolder, removePgliteFolders } from '@/tests/fixtures/pgliteFolders'

/**
 * Two processes on one PGlite folder silently lose each other's writes; the store locks the folder
 * and a second process fails at once with a message naming the folder and DATABASE_URL.
 */

const script = fileURLToPath(new URL('./holdStore.ts', import.meta.url))
const children: ChildProcess[] = []

// Child processes boot tsx and open PGlite: generous time on a busy machine.
const SLOW = 60_000

beforeAll(() => freshPgliteFolder())
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
})
afterAll(() => removePgliteFolders())

type Run = { child: ChildProcess; ready: Promise<void>; exit: Promise<{ code: number | null; stderr: string; ms: number }> }

function holdStore(dataDir: string, nonce?: string): Run {
  const started = performance.now()
  const child = spawn(process.execPath, ['--import', 'tsx', script, dataDir, ...(nonce ? [nonce] : [])], {
    cwd: process.cwd(),
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  children.push(child)
  let stderr = ''
  child.stderr?.on('data', (chunk: Buffer) => { stderr += chunk.toString() })
  const exit = new Promise<{ code: number | null; stderr: string; ms: number }>((resolve) => {
    child.once('exit', (code) => resolve({ code, stderr, ms: performance.now() - started }))
  })
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => { if (chunk.toString().includes('ready')) resolve() })
    void exit.then(({ code, stderr: text }) => reject(new Error(`holder exited (${code}): ${text}`)))
  })
  ready.catch(() => undefined)
  return { child, ready, exit }
}

describe('data folder lock', () => {
  it('makes a second process fail at once with a message naming the folder and DATABASE_URL', async () => {
    const dataDir = await freshPgliteFolder()
    const first = holdStore(dataDir)
    await first.ready
    const second = holdStore(dataDir)
    const { code, stderr } = await second.exit
    expect(code).toBe(3)
    expect(stderr).toContain(dataDir)
    expect(stderr).toContain('DATABASE_URL')
    expect(stderr).toContain(`pid ${first.child.pid}`)
  }, SLOW)

  it('refuses this process too, without waiting, while another holds the folder', async () => {
    const dataDir = await freshPgliteFolder()
    const holder = holdStore(dataDir)
    await holder.ready
    const started = performance.now()
    const error = await openPgliteStore({ dataDir }).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(StoreLockedError)
    expect((error as StoreLockedError).folder).toBe(dataDir)
    expect(performance.now() - started).toBeLessThan(500)
  }, SLOW)

  it('takes over the lock of a process killed with SIGKILL and finds its committed data', async () => {
    const dataDir = await freshPgliteFolder()
    const holder = holdStore(dataDir, 'beforekill1')
    await holder.ready
    holder.child.kill('SIGKILL')
    await holder.exit
    expect(existsSync(path.join(dataDir, LOCK_FILE_NAME))).toBe(true) // left behind, stale
    const store = await openPgliteStore({ dataDir })
    try {
      expect((await store.takeNonce('beforekill1'))?.binding).toBe(`pid-${holder.child.pid}`)
    } finally {
      await store.close()
    }
  }, SLOW)

  it('releases the lock when the holder closes the store', async () => {
    const dataDir = await freshPgliteFolder()
    const holder = holdStore(dataDir)
    await holder.ready
    holder.child.kill('SIGTERM')
    expect((await holder.exit).code).toBe(0)
    expect(existsSync(path.join(dataDir, LOCK_FILE_NAME))).toBe(false)
  }, SLOW)
})
