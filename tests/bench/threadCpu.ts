import { readdirSync, readFileSync } from 'node:fs'

/**
 * CPU time of a process on this machine, split into its main thread (for a Node server, the request
 * thread) and all its other threads, beside this process's own: read from Linux's per-thread
 * scheduler statistics (`/proc/<pid>/task/<tid>/schedstat`, nanoseconds on a CPU). Elsewhere the
 * sampler is undefined and benchmarks leave these figures out.
 */
export type CpuSample = { mainMs: number; otherMs: number; selfMs: number }
type Reading = { threads: Map<string, number>; self: number; since(earlier: Reading): CpuSample }

export function cpuSampler(pid: number): (() => Reading) | undefined {
  const read = (): Reading => {
    const threads = new Map<string, number>()
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      try {
        threads.set(tid, Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]) / 1e6)
      } catch {
        // A thread that ended between the listing and the read: its time is lost with it.
      }
    }
    const usage = process.cpuUsage()
    const reading: Reading = {
      threads,
      self: (usage.user + usage.system) / 1000,
      since(earlier) {
        let mainMs = 0
        let otherMs = 0
        for (const [tid, ms] of threads) {
          const spent = ms - (earlier.threads.get(tid) ?? 0)
          if (tid === String(pid)) mainMs += spent
          else otherMs += spent
        }
        return { mainMs, otherMs, selfMs: reading.self - earlier.self }
      },
    }
    return reading
  }
  try {
    read()
    return read
  } catch {
    return undefined
  }
}
