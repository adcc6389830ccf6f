import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { freePort } from '../fixtures/freePort'
import { startNextServer } from '../fixtures/nextServer'
import { intSetting, median } from './figures'

/**
 * Issue 28 item 3's figures: how long `next start` takes to its first 200 for `/`, on a cold data
 * folder (no PGlite files: initdb runs at boot) and a warm one (the folder the cold run left). Each
 * the median of BENCH_STARTUP_RUNS (default 3) boots, each run on a fresh folder.
 * - `startup_spawn_to_first_page_200_ms_<cold|warm>`: from spawning `next start` to the first 200
 *   of `GET /`, the page requested from the moment the port accepts (again every 20 ms after a
 *   refusal or an error), no other request before it.
 * - `startup_ready_to_first_page_200_ms_<cold|warm>`: from `/api/health` first answering 200 (no
 *   other request before it) to the 200 of the first `GET /`; target under 1 s. Also says how long
 *   the spawn → health 200 took (`spawn_to_ready_ms`).
 */
export type StartUpFigure = { metric: string; value: number | null; unit: string; target: string; meets: boolean | null; [detail: string]: unknown }

export const READY_TO_PAGE_TARGET_MS = 1_000

const RUNS = intSetting(process.env.BENCH_STARTUP_RUNS, 3)

async function firstPage(baseURL: string): Promise<void> {
  const response = await fetch(`${baseURL}/`, { headers: { accept: 'text/html' }, signal: AbortSignal.timeout(60_000) })
  await response.arrayBuffer()
  if (response.status !== 200) throw new Error(`GET / answered ${response.status}`)
}

/** Spawn → first 200 of `/`, the page requested from the moment the port accepts. */
async function spawnToFirstPage(rpcUrl: string, dataDir: string): Promise<number> {
  const port = await freePort()
  const spawned = performance.now()
  let answered: number | undefined
  const asking = (async () => {
    while (performance.now() - spawned < 120_000) {
      try {
        await firstPage(`http://localhost:${port}`)
        answered = performance.now()
        return
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
    }
  })()
  const server = await startNextServer({ rpcUrl, dataDir, port, warmPaths: [], readyBy: 'health' })
  try {
    await asking
  } finally {
    await server.stop()
  }
  if (answered === undefined) throw new Error('no 200 for / within 120 s')
  return Math.round(answered - spawned)
}

/** `/api/health` says ready → first 200 of `/` (and spawn → ready). */
async function readyToFirstPage(rpcUrl: string, dataDir: string): Promise<{ page: number; ready: number }> {
  const spawned = performance.now()
  const server = await startNextServer({ rpcUrl, dataDir, warmPaths: [], readyBy: 'health' })
  try {
    const started = performance.now()
    await firstPage(server.baseURL)
    return { page: Math.round(performance.now() - started), ready: Math.round(started - spawned) }
  } finally {
    await server.stop()
  }
}

export async function startUpFigures(rpcUrl: string): Promise<StartUpFigure[]> {
  const spawn = { cold: [] as number[], warm: [] as number[] }
  const ready = { cold: [] as number[], warm: [] as number[] }
  const spawnToReady = { cold: [] as number[], warm: [] as number[] }
  for (let run = 0; run < RUNS; run++) {
    for (const measure of ['spawn', 'ready'] as const) {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sigil-bench-startup-'))
      try {
        for (const data of ['cold', 'warm'] as const) {
          if (measure === 'spawn') spawn[data].push(await spawnToFirstPage(rpcUrl, dataDir))
          else {
            const { page, ready: readyMs } = await readyToFirstPage(rpcUrl, dataDir)
            ready[data].push(page)
            spawnToReady[data].push(readyMs)
          }
        }
      } finally {
        rmSync(dataDir, { recursive: true, force: true })
      }
    }
  }
  const figures: StartUpFigure[] = []
  for (const data of ['cold', 'warm'] as const) {
    figures.push({ metric: `startup_spawn_to_first_page_200_ms_${data}`, value: median(spawn[data]), unit: 'ms', target: 'none', meets: null, runs: spawn[data] })
  }
  for (const data of ['cold', 'warm'] as const) {
    const value = median(ready[data])
    figures.push({
      metric: `startup_ready_to_first_page_200_ms_${data}`,
      value,
      unit: 'ms',
      target: `< ${READY_TO_PAGE_TARGET_MS}`,
      meets: value < READY_TO_PAGE_TARGET_MS,
      runs: ready[data],
      spawn_to_ready_ms: spawnToReady[data],
    })
  }
  return figures
}
