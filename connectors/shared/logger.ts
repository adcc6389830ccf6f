/**
 * One small logger for the connectors (docs/connectors/events.md#sigils-own-events: connection failures
 * are logged). Entries carry an event name and flat fields — error codes, connector keys, chain ids —
 * never secrets (no keys, no signatures, no session topics). The sink is replaceable so tests can
 * observe it and an app can forward to its telemetry.
 */
type LogLevel = 'debug' | 'info' | 'warn' | 'error'
export type LogFields = Record<string, string | number | boolean | undefined>
export type LogSink = (level: LogLevel, event: string, fields: LogFields) => void

const consoleSink: LogSink = (level, event, fields) => {
  if (level === 'debug') return
  console[level](`[sigil] ${event}`, fields)
}

let sink: LogSink = consoleSink

export const logger = {
  debug: (event: string, fields: LogFields = {}) => sink('debug', event, fields),
  info: (event: string, fields: LogFields = {}) => sink('info', event, fields),
  warn: (event: string, fields: LogFields = {}) => sink('warn', event, fields),
  error: (event: string, fields: LogFields = {}) => sink('error', event, fields),
}

/** Replaces the sink; returns a function that restores the previous one. */
export function setLogSink(next: LogSink): () => void {
  const previous = sink
  sink = next
  return () => {
    sink = previous
  }
}
