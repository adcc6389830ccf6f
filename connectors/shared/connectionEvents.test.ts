import { describe, expect, it, vi } from 'vitest'
import { ConnectionRejectedError } from '@sigil/lib/errors/wallet'
import { connectionEvents, reportConnectionFailed } from './connectionEvents'
import { setLogSink } from './logger'
import { createTypedEmitter } from './typedEmitter'

describe('connection-failed event', () => {
  it('is emitted to observers and logged with the error code, never the cause', () => {
    const entries: unknown[] = []
    const restore = setLogSink((level, event, fields) => entries.push({ level, event, fields }))
    const observer = vi.fn()
    const stop = connectionEvents.on('connectionFailed', observer)
    try {
      const error = new ConnectionRejectedError({ details: 'user rejected (4001)', cause: { secret: 'do-not-log' } })
      reportConnectionFailed({ connectorKey: 'metamask', connectorName: 'MetaMask', error })
      expect(observer).toHaveBeenCalledWith({ connectorKey: 'metamask', connectorName: 'MetaMask', error })
      expect(entries).toEqual([
        {
          level: 'warn',
          event: 'connection_failed',
          fields: { connector: 'metamask', code: 'connection_rejected', details: 'user rejected (4001)' },
        },
      ])
      expect(JSON.stringify(entries)).not.toContain('do-not-log')
    } finally {
      stop()
      restore()
    }
  })

  it('stops notifying an observer after it unsubscribes', () => {
    const restore = setLogSink(() => {})
    const observer = vi.fn()
    const stop = connectionEvents.on('connectionFailed', observer)
    stop()
    reportConnectionFailed({ connectorKey: 'rabby', connectorName: 'Rabby', error: new ConnectionRejectedError() })
    expect(observer).not.toHaveBeenCalled()
    expect(connectionEvents.listenerCount('connectionFailed')).toBe(0)
    restore()
  })
})

describe('typed emitter', () => {
  it('keeps notifying other listeners when one throws, and reports the throw', () => {
    const failures: unknown[] = []
    const emitter = createTypedEmitter<{ ping: number }>((error) => failures.push(error))
    const second = vi.fn()
    emitter.on('ping', () => {
      throw new Error('observer bug')
    })
    emitter.on('ping', second)
    emitter.emit('ping', 7)
    expect(second).toHaveBeenCalledWith(7)
    expect(failures).toHaveLength(1)
  })

  it('lets a listener unsubscribe itself without skipping the next one', () => {
    const emitter = createTypedEmitter<{ ping: number }>()
    const second = vi.fn()
    const stop = emitter.on('ping', () => stop())
    emitter.on('ping', second)
    emitter.emit('ping', 1)
    expect(second).toHaveBeenCalledTimes(1)
    expect(emitter.listenerCount('ping')).toBe(1)
  })
})
