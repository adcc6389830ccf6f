import { readEnv } from '@/server/config/env'

/**
 * Graceful shutdown of `next start` (and `next dev`'s server process) on SIGTERM or SIGINT.
 *
 * Next already does the first half: it stops accepting connections, lets the requests in flight
 * finish (`server.close()`), closes itself and then calls `process.exit(143)`. What it cannot know
 * is our store: an open PGlite database and its data-folder lock, or a Postgres pool. So, from the
 * signal on, `process.exit` first closes the store (PGlite writes its last pages and releases the
 * folder lock), then exits with Next's code. A hard limit ends the process even if something hangs.
 *
 * Module state lives on `globalThis`: instrumentation and the route handlers are separate bundles.
 */

type ShutdownState = { shuttingDown: boolean; installed: boolean }

const key = Symbol.for('sigil.shutdown')

function state(): ShutdownState {
  const holder = globalThis as { [key]?: ShutdownState }
  holder[key] ??= { shuttingDown: false, installed: false }
  return holder[key]
}

/** True from the moment the process was told to stop (the health check then answers 503). */
export function isShuttingDown(): boolean {
  return state().shuttingDown
}

export type GracefulShutdownOptions = {
  /** Closes what the process holds open (the store). */
  close: () => Promise<void>
  /** After the signal, the process ends by this time whatever is still running (default 25 s, under Kubernetes' 30 s). */
  hardLimitMs?: number
  log?: (line: string) => void
}

export function installGracefulShutdown({ close, hardLimitMs = 25_000, log = console.log }: GracefulShutdownOptions): void {
  const current = state()
  // Next's own handler drives the shutdown; without it (NEXT_MANUAL_SIG_HANDLE) the host app does.
  if (current.installed || readEnv().manualSignalHandling) return
  current.installed = true

  const exit = process.exit.bind(process)
  let closing: Promise<void> | undefined
  const closeOnce = () =>
    (closing ??= close().then(
      () => log('[sigil] store closed'),
      (error: unknown) => log(`[sigil] closing the store failed: ${error instanceof Error ? error.message : String(error)}`),
    ))

  const onSignal = (signal: NodeJS.Signals) => {
    if (current.shuttingDown) return
    current.shuttingDown = true
    log(`[sigil] ${signal}: finishing the requests in flight, then closing the store`)
    // Next calls process.exit once the requests in flight are answered: close the store first.
    process.exit = ((code?: number | string | null) => {
      void closeOnce().finally(() => exit(code ?? undefined))
    }) as typeof process.exit
    const limit = setTimeout(() => {
      log(`[sigil] still running ${hardLimitMs} ms after ${signal}: stopping now`)
      void closeOnce().finally(() => exit(signal === 'SIGINT' ? 130 : 143))
    }, hardLimitMs)
    limit.unref()
  }
  process.once('SIGTERM', onSignal)
  process.once('SIGINT', onSignal)
}
