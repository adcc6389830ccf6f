import { Worker } from 'node:worker_threads'
import { describe, expect, it } from 'vitest'
import { cpuSampler } from '@/tests/bench/threadCpu'

/** Keeps the calling thread on a CPU for about `ms`. */
function spin(ms: number): void {
  const until = performance.now() + ms
  while (performance.now() < until) {
    // busy
  }
}

// The verify benchmark's CPU figures (tests/bench/verify.ts) split a server's time into its request
// thread and its other threads; here the process samples itself, where Linux exposes the threads.
describe.runIf(process.platform === 'linux')('per-thread CPU of a process', () => {
  it("counts the main thread's work as the main thread's, and a worker's as another thread's", async () => {
    const sample = cpuSampler(process.pid)
    expect(sample).toBeDefined()
    const start = sample!()
    spin(300)
    const afterMain = sample!()
    // The worker spins, says so, then waits to be ended: a worker whose script has run out ends on
    // its own, and an ended thread leaves Linux's list with its time (the figure would race its exit).
    const worker = new Worker(
      `const { parentPort } = require('node:worker_threads'); const until = performance.now() + 300; while (performance.now() < until) {} parentPort.on('message', () => {}); parentPort.postMessage('spun')`,
      { eval: true },
    )
    await new Promise((resolve) => worker.once('message', resolve))
    const afterWorker = sample!()
    await worker.terminate()
    const main = afterMain.since(start)
    const withWorker = afterWorker.since(afterMain)
    // Wall-clock spins: on a loaded machine a thread gets less than all of its spin, so the figures
    // are compared with each other, with a floor that any share of a core passes.
    expect(main.mainMs).toBeGreaterThan(60)
    expect(main.mainMs).toBeGreaterThan(main.otherMs * 2)
    expect(withWorker.otherMs).toBeGreaterThan(60)
    expect(withWorker.otherMs).toBeGreaterThan(withWorker.mainMs * 2)
  })

  it('is undefined for a process that does not exist', () => {
    expect(cpuSampler(2 ** 30)).toBeUndefined()
  })
})
