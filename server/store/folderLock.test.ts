import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { hostname, tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, expect, it } from 'vitest'
import { StoreLockedError } from './errors'
import { acquireFolderLock, LOCK_FILE_NAME } from './folderLock'

const folders: string[] = []
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true })
})
function tempFolder(): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'sigil-folderlock-'))
  folders.push(folder)
  return folder
}

/** A pid that existed and is gone now. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'])
  return Number(child.stdout.toString())
}

it('refuses a second lock on the same folder within one process', () => {
  const folder = tempFolder()
  const lock = acquireFolderLock(folder)
  try {
    expect(() => acquireFolderLock(folder)).toThrow(StoreLockedError)
  } finally {
    lock.release()
  }
  acquireFolderLock(folder).release()
})

it('records the owner pid in the lock file and removes it on release', () => {
  const folder = tempFolder()
  const lock = acquireFolderLock(folder)
  expect(JSON.parse(readFileSync(path.join(folder, LOCK_FILE_NAME), 'utf8'))).toMatchObject({ pid: process.pid, host: hostname() })
  lock.release()
  expect(() => readFileSync(path.join(folder, LOCK_FILE_NAME))).toThrow()
})

it('takes over a lock left by a process that no longer exists', () => {
  const folder = tempFolder()
  writeFileSync(path.join(folder, LOCK_FILE_NAME), JSON.stringify({ pid: deadPid(), host: hostname(), startTime: '1' }))
  acquireFolderLock(folder).release()
})

it('takes over a lock whose pid was recycled by another process (start time differs)', () => {
  const folder = tempFolder()
  // Our own parent is alive, but it did not start at this made-up time.
  writeFileSync(path.join(folder, LOCK_FILE_NAME), JSON.stringify({ pid: process.ppid, host: hostname(), startTime: '1' }))
  acquireFolderLock(folder).release()
})

it('takes over an unreadable lock file', () => {
  const folder = tempFolder()
  writeFileSync(path.join(folder, LOCK_FILE_NAME), 'not json')
  acquireFolderLock(folder).release()
})

it('respects a lock held by a live process', () => {
  const folder = tempFolder()
  const startTime = readFileSync(`/proc/${process.ppid}/stat`, 'utf8').split(') ')[1]?.split(' ')[19] ?? null
  writeFileSync(path.join(folder, LOCK_FILE_NAME), JSON.stringify({ pid: process.ppid, host: hostname(), startTime }))
  expect(() => acquireFolderLock(folder)).toThrow(/already in use by another Sigil process \(pid \d+\)/)
})
