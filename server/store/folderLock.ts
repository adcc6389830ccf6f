import { linkSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { hostname } from 'node:os'
import path from 'node:path'
import { StoreLockedError } from './errors'

/**
 * An exclusive lock on a data folder, held for the life of the process.
 *
 * PGlite has no lock of its own: two processes opening one folder each see only their own writes
 * and silently lose the other's. The lock is a file created atomically (link(2), which fails if it exists) holding the owner's pid and
 * process start time; a lock whose owner is gone (crash, `kill -9`) is stale and taken over, and a
 * recycled pid is told apart by its start time (Linux `/proc/<pid>/stat`).
 */
export type FolderLock = { readonly file: string; release(): void }

export const LOCK_FILE_NAME = 'sigil.lock'

type LockOwner = { pid: number; host: string; startTime: string | null }

/** Field 22 of /proc/<pid>/stat: start time in clock ticks since boot; null off Linux. */
function processStartTime(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    // The command name (field 2) may contain spaces and parentheses: count from the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return fields[19] ?? null
  } catch {
    return null
  }
}

function isAlive(owner: LockOwner): boolean {
  if (owner.host !== hostname()) return true // cannot check another machine's processes: assume held
  try {
    process.kill(owner.pid, 0)
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
  const startTime = processStartTime(owner.pid)
  return owner.startTime === null || startTime === null || startTime === owner.startTime
}

function readOwner(file: string): LockOwner | null {
  try {
    const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'))
    if (parsed && typeof parsed === 'object' && 'pid' in parsed && typeof parsed.pid === 'number') {
      const host = 'host' in parsed && typeof parsed.host === 'string' ? parsed.host : hostname()
      const startTime = 'startTime' in parsed && typeof parsed.startTime === 'string' ? parsed.startTime : null
      return { pid: parsed.pid, host, startTime }
    }
  } catch {
    // Unreadable or half-written: treated as stale below.
  }
  return null
}

const held = new Map<string, FolderLock>()

/** Takes the lock or throws `StoreLockedError` at once (no waiting). */
export function acquireFolderLock(folder: string): FolderLock {
  const dir = path.resolve(folder)
  mkdirSync(dir, { recursive: true })
  const file = path.join(dir, LOCK_FILE_NAME)
  // Two opens of one folder in one process would lose writes just the same.
  if (held.has(file)) throw new StoreLockedError(dir, process.pid)

  const me: LockOwner = { pid: process.pid, host: hostname(), startTime: processStartTime(process.pid) }
  for (let attempt = 0; attempt < 3; attempt++) {
    // Write the owner record to a private file first and link it into place: link() fails if the lock
    // exists, and a lock file is never seen half-written.
    const pending = `${file}.${process.pid}.pending`
    writeFileSync(pending, JSON.stringify(me), { mode: 0o600 })
    try {
      linkSync(pending, file)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const owner = readOwner(file)
      if (owner && isAlive(owner)) throw new StoreLockedError(dir, owner.pid)
      // Stale: move it aside atomically (of several contenders only one rename succeeds), then retry
      // the link. If what we moved turns out to be a fresh lock another contender just took, put it back.
      const aside = `${file}.stale-${process.pid}-${attempt}`
      try {
        renameSync(file, aside)
      } catch {
        continue // someone else moved it first; the next link attempt decides
      }
      const moved = readOwner(aside)
      const sameAsSeen = owner !== null && moved !== null && moved.pid === owner.pid && moved.startTime === owner.startTime
      if (moved && !sameAsSeen && isAlive(moved)) {
        try {
          linkSync(aside, file)
        } catch {
          // A third process holds it now; either way this one does not.
        } finally {
          rmSync(aside, { force: true })
        }
        throw new StoreLockedError(dir, moved.pid)
      }
      rmSync(aside, { force: true })
      continue
    } finally {
      rmSync(pending, { force: true })
    }
    const onExit = () => rmSync(file, { force: true })
    process.once('exit', onExit)
    const lock: FolderLock = {
      file,
      release() {
        if (held.get(file) !== lock) return
        held.delete(file)
        process.removeListener('exit', onExit)
        rmSync(file, { force: true })
      },
    }
    held.set(file, lock)
    return lock
  }
  throw new StoreLockedError(dir, readOwner(file)?.pid)
}
